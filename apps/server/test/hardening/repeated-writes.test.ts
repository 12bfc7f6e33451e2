// A write sent twice (a double click, a client retrying after a lost answer) must happen once. Every
// route that honours Idempotency-Key is found from the route table and checked: the repeat answers
// what the first did and changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, packageFields, packageForm, submitPackage } from '../support/factories.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { ENDPOINT_SPECS, type SeededContext } from './support/endpoint-specs.ts';
import { listRoutes } from './support/route-table.ts';
import { readStoredState, seedContext } from './support/seeded-app.ts';

/** The writes a repeat would duplicate, or answer 404/409 after the first succeeded. */
const KEYED_ROUTES = [
  'POST /api/submit-package',
  'POST /api/admin/accept',
  'POST /api/admin/reject',
  'POST /api/admin/bulk',
  'POST /api/admin/location-update',
  'DELETE /api/admin/location-update',
  'POST /api/admin/proof-of-delivery',
  'DELETE /api/admin/packages/:trackingCode',
  'POST /api/create-plan',
  'POST /api/details',
  'POST /api/send-email',
  'POST /api/support-requests',
  'POST /api/contact-messages',
  'POST /api/admin/runs',
];

interface KeyedWrite {
  route: string;
  path: (ctx: SeededContext) => string;
  body: (ctx: SeededContext) => unknown;
}

const specOf = (method: string, url: string): KeyedWrite => {
  const spec = ENDPOINT_SPECS.find((entry) => entry.method === method && entry.path({} as SeededContext) === url);
  if (!spec) throw new Error(`no endpoint spec for ${method} ${url}`);
  return { route: `${method} ${url}`, path: spec.path, body: spec.valid };
};

/** A valid call of every keyed JSON route (the multipart submission and proof of delivery have their own suites). */
const KEYED_WRITES: KeyedWrite[] = [
  specOf('POST', '/api/admin/accept'),
  specOf('POST', '/api/admin/reject'),
  specOf('POST', '/api/admin/location-update'),
  specOf('DELETE', '/api/admin/location-update'),
  specOf('POST', '/api/create-plan'),
  specOf('POST', '/api/details'),
  specOf('POST', '/api/send-email'),
  {
    route: 'DELETE /api/admin/packages/:trackingCode',
    path: (ctx) => `/api/admin/packages/${ctx.pendingCode}`,
    body: () => undefined,
  },
  {
    route: 'POST /api/admin/bulk',
    path: () => '/api/admin/bulk',
    body: (ctx) => ({ action: 'accept', trackingCodes: [ctx.pendingCode, ctx.acceptedCode] }),
  },
  {
    route: 'POST /api/support-requests',
    path: () => '/api/support-requests',
    body: () => ({ name: 'Ada', email: 'ada@example.com', subject: 'Late parcel', message: 'Where is it?' }),
  },
  {
    route: 'POST /api/contact-messages',
    path: () => '/api/contact-messages',
    body: () => ({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }),
  },
];

// Both databases: idempotency keys are rows whose insert is the lock.
describe.each(databasesFor('sql'))('repeated writes on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let seeded: SeededContext;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    seeded = await seedContext(testApp, operator);
  });

  /** Fresh packages for one test (a pending one, an accepted one with a location update), the seeded plan and details. */
  async function freshContext(): Promise<SeededContext> {
    const pendingCode = await submitPackage(testApp);
    const { trackingCode: acceptedCode } = await acceptedPackage(testApp, operator);
    const located = await operator.post('/api/admin/location-update', {
      trackingCode: acceptedCode,
      location: 'Depot',
    });
    return { ...seeded, pendingCode, acceptedCode, locationTimestamp: located.body.locationUpdates[0].timestamp };
  }
  afterAll(() => testApp?.close());

  it('honours Idempotency-Key on exactly the writes a repeat would duplicate or refuse', async () => {
    const honouring: string[] = [];
    for (const route of listRoutes(testApp)) {
      // Signing out would end the session the rest of the file uses.
      if (route.method === 'GET' || route.url === '*' || route.url === '/api/auth/logout') continue;
      const path = route.url.replace(/:\w+/g, 'ABCD2345EFGH');
      const answer = await operator.request(route.method, path, {
        json: {},
        headers: { 'Idempotency-Key': '' },
      });
      if (answer.status === 400 && answer.body.message === 'Idempotency-Key must not be empty') {
        honouring.push(`${route.method} ${route.url}`);
      }
    }
    expect(honouring.sort()).toEqual([...KEYED_ROUTES].sort());
  });

  for (const write of KEYED_WRITES) {
    it(`answers a repeat of ${write.route} with the first answer and changes nothing`, async () => {
      const ctx = await freshContext();
      const key = randomUUID();
      const call = () =>
        operator.request(write.route.split(' ')[0]!, write.path(ctx), {
          json: write.body(ctx),
          headers: { 'Idempotency-Key': key },
        });
      const first = await call();
      expect(first.status, first.text).toBeLessThan(500);
      const before = await readStoredState(testApp);
      const repeat = await call();
      expect(repeat.status).toBe(first.status);
      expect(repeat.text).toBe(first.text);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(await readStoredState(testApp)).toEqual(before);
    });
  }

  it('answers a repeated submission with the first answer and changes nothing', async () => {
    const key = randomUUID();
    const form = packageForm(packageFields());
    const call = () =>
      testApp.client().request('POST', '/api/submit-package', { form, headers: { 'Idempotency-Key': key } });
    const first = await call();
    expect(first.status).toBe(201);
    const before = await readStoredState(testApp);
    const repeat = await call();
    expect(repeat.text).toBe(first.text);
    expect(await readStoredState(testApp)).toEqual(before);
  });

  it('still refuses a plain repeat without a key the way it always did', async () => {
    const trackingCode = await submitPackage(testApp);
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(200);
    const again = await operator.post('/api/admin/accept', { trackingCode });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Only a Pending package can be accepted' });
  });
});
