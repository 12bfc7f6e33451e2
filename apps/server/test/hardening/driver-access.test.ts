// Drivers use the driver app only: every console and admin route answers a signed-in driver 403 and
// changes nothing, whatever the route (one added tomorrow is in the walk too); the driver app's routes
// answer an operator 403 and let an admin in, to try them. A driver still reads who they are.
import { ADMIN_ONLY, DRIVERS_ONLY, DRIVERS_USE_DRIVER_APP } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/http-client.ts';
import { signedInMember } from '../support/team-members.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import type { SeededContext } from './support/endpoint-specs.ts';
import { listRoutes, type RouteEntry } from './support/route-table.ts';
import { readStoredState, seedContext } from './support/seeded-app.ts';

const nameOf = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The real path of a route, its params filled with seeded ids, so an unguarded call would land. */
function pathFor(route: RouteEntry, ctx: SeededContext, operatorId: string): string {
  return route.url
    .replace(':trackingCode', ctx.acceptedCode)
    .replace(':code', ctx.acceptedCode)
    .replace(
      ':id',
      route.url.includes('plan') ? ctx.planId : route.url.includes('operators') ? operatorId : ctx.detailsId,
    )
    .replace(/:[A-Za-z]+/g, ctx.acceptedCode);
}

/** A body every write route could act on if its guard let it through. */
const ANY_BODY = {
  trackingCode: 'X',
  trackingCodes: ['X'],
  role: 'admin',
  active: false,
  email: 'x@y.zz',
  name: 'X',
  driverId: 'X',
  date: '2026-12-01',
};

// One database: who may call what is decided by the route's scope.
describe.each(databasesFor('any'))('driver access on %s', (kind) => {
  let testApp: TestApp;
  let ctx: SeededContext;
  let routes: RouteEntry[];
  let admin: TestClient;
  let driver: { id: string; client: TestClient };
  let operator: { id: string; client: TestClient };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    admin = await testApp.operator();
    ctx = await seedContext(testApp, admin);
    routes = listRoutes(testApp);
    driver = await signedInMember(testApp, 'driver', 'Dee Driver');
    operator = await signedInMember(testApp, 'operator', 'Opal Operator');
  });
  afterAll(() => testApp?.close());

  it('answers a driver 403 on every /api/admin route and every console or admin route, and changes nothing', async () => {
    const guarded = routes.filter((route) => route.access === 'operator' || route.access === 'admin');
    const adminPaths = routes.filter((route) => route.url.startsWith('/api/admin/')).map(nameOf);
    // Every /api/admin route is a console or admin one, so the walk covers them all.
    expect(adminPaths.filter((name) => !guarded.map(nameOf).includes(name))).toEqual([]);
    for (const expected of ['GET /api/admin/packages', 'POST /api/admin/runs', 'PUT /api/admin/runs/:id/stops']) {
      expect(adminPaths).toContain(expected);
    }
    expect(guarded.length).toBeGreaterThan(40);

    const before = await readStoredState(testApp);
    const failures: string[] = [];
    for (const route of guarded) {
      const json = route.method === 'GET' || route.method === 'DELETE' ? undefined : ANY_BODY;
      const answer = await driver.client.request(route.method, pathFor(route, ctx, operator.id), { json });
      const message = route.access === 'admin' ? ADMIN_ONLY : DRIVERS_USE_DRIVER_APP;
      if (answer.status !== 403 || answer.body?.message !== message) {
        failures.push(`${nameOf(route)} → ${answer.status} ${answer.text.slice(0, 100)}`);
      }
      expect(answer.text).not.toContain(ctx.acceptedCode);
    }
    expect(failures).toEqual([]);
    expect(await readStoredState(testApp)).toEqual(before);
  });

  it('answers an operator 403 on every driver route, and lets a driver and an admin in', async () => {
    const driverRoutes = routes.filter((route) => route.access === 'driver');
    expect(driverRoutes.map(nameOf)).toContain('GET /api/driver/run');
    expect(driverRoutes.every((route) => route.url.startsWith('/api/driver/'))).toBe(true);
    expect(routes.filter((route) => route.url.startsWith('/api/driver/')).length).toBe(driverRoutes.length);
    for (const route of driverRoutes) {
      const refused = await operator.client.request(route.method, route.url);
      expect(refused.status, nameOf(route)).toBe(403);
      expect(refused.body).toEqual({ message: DRIVERS_ONLY });
      // A read answers them; a write sent empty gets past the scope to its own checks of the body.
      for (const client of [driver.client, admin]) {
        const status = (await client.request(route.method, route.url)).status;
        if (route.method === 'GET') expect(status, nameOf(route)).toBe(200);
        else expect([400, 415], nameOf(route)).toContain(status);
      }
      expect((await testApp.client().request(route.method, route.url)).status, nameOf(route)).toBe(401);
    }
  });

  it('lets a driver read who they are, and sign out', async () => {
    const me = await driver.client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Dee Driver', role: 'driver' });
    expect((await driver.client.post('/api/auth/logout')).status).toBe(200);
    expect((await driver.client.get('/api/auth/me')).status).toBe(401);
  });
});
