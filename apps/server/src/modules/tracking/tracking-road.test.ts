// The road on the tracking answer: how many stops lie before a package out for delivery on today's run,
// kept fresh as the driver delivers or fails the stops before it and as the run changes, and the latest
// failed attempt; nothing of the driver or the other stops. *Both databases*: the count is a query, and
// its freshness the triggers' NOTIFY.
import { localDay, trackResultSchema } from '@waybill/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import {
  drive,
  loadAll,
  minutesAgoToday,
  readyPackages,
  roadEvent,
  runWith,
  setStops,
} from '../../../test/support/road.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { packages } from '../../db/schema/index.ts';

const DRIVER_NAME = 'Zebedee Quartermain';

describe.each(databasesFor('sql'))('the road on the tracking answer on %s', (kind) => {
  let testApp: TestApp;
  let admin: TestClient;
  let driver: { id: string; client: TestClient };
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    await testApp.app.mailOutbox.stop();
    admin = await testApp.operator();
    driver = await signedInMember(testApp, 'driver', DRIVER_NAME);
  }, 60_000);
  afterAll(() => testApp?.close());

  const track = async (code: string) => {
    const answer = await testApp.client().get(`/api/track/${code}`);
    expect(answer.status).toBe(200);
    return { ...trackResultSchema.parse(answer.body), text: answer.text, etag: answer.headers.get('etag') };
  };
  const stopsAway = async (code: string) => (await track(code)).stopsAway;

  /** A change the database does not announce (its triggers off for one transaction). */
  const unannouncedEstimate = (code: string, estimatedDelivery: Date) =>
    testApp.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(packages).set({ estimatedDelivery }).where(eq(packages.trackingCode, code));
    });

  it('counts the stops before a package out for delivery that are not yet delivered or attempted today', async () => {
    const codes = await readyPackages(testApp, 5);
    const [first, second, third, mine, after] = codes as [string, string, string, string, string];
    await runWith(admin, driver.id, codes);
    // On today's run but not out yet: no count.
    expect(await stopsAway(mine)).toBeNull();
    await loadAll(driver.client, codes);
    expect(await stopsAway(mine)).toBe(3);
    expect(await stopsAway(first)).toBe(0);

    await drive(driver.client, [roadEvent('delivered', first, { receivedBy: 'Kemi Musa' })]);
    expect(await stopsAway(mine)).toBe(2);
    await drive(driver.client, [roadEvent('attempt_failed', second, { reason: 'Nobody at home' })]);
    expect(await stopsAway(mine)).toBe(1);
    expect(await stopsAway(after)).toBe(2);
    // The failed stop itself is done for today: its attempt, no count.
    const failed = await track(second);
    expect(failed.stopsAway).toBeNull();
    expect(failed.attempt).toEqual({ at: expect.any(String), reason: 'Nobody at home', returning: false });

    await drive(driver.client, [roadEvent('delivered', third, { receivedBy: 'Kemi Musa' })]);
    const next = await track(mine);
    expect(next.stopsAway).toBe(0);
    expect(next.attempt).toBeNull();
    // Nothing of the driver, the run or the other stops.
    for (const secret of [DRIVER_NAME, 'Zebedee', driver.id, first, second, third, after, 'Kemi']) {
      expect(next.text).not.toContain(secret);
    }
    await drive(driver.client, [roadEvent('delivered', mine, { receivedBy: 'Kemi Musa' })]);
    expect(await track(mine)).toMatchObject({ status: 'Delivered', stopsAway: null, attempt: null });
    expect(await stopsAway(after)).toBe(0);
  });

  it('keeps an answer cached while nothing before its stop changes', async () => {
    const codes = await readyPackages(testApp, 3);
    const [before, mine, after] = codes as [string, string, string];
    await runWith(admin, (await signedInMember(testApp, 'driver')).id, codes);
    // Loaded by an admin trying the app (any run's stop).
    await loadAll(admin, codes);
    const first = await track(mine);
    expect(first.stopsAway).toBe(1);
    // Unannounced, a change stays unseen as long as the answer stays in memory.
    const estimate = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    await unannouncedEstimate(mine, estimate);
    // A stop after this one, a package on no run: this answer is not dropped.
    await drive(admin, [roadEvent('delivered', after, { receivedBy: 'Kemi Musa' })]);
    const [elsewhere] = await readyPackages(testApp, 1);
    await admin.post('/api/admin/location-update', { trackingCode: elsewhere!, location: 'Reno hub' });
    const cached = await track(mine);
    expect(cached.etag).toBe(first.etag);
    expect(cached.text).toBe(first.text);
    // The stop before it is delivered: the answer is read again (and shows the unannounced change too).
    await drive(admin, [roadEvent('delivered', before, { receivedBy: 'Kemi Musa' })]);
    const fresh = await track(mine);
    expect(fresh.etag).not.toBe(first.etag);
    expect(fresh).toMatchObject({ stopsAway: 0, estimatedDelivery: estimate.toISOString() });
  });

  it('follows the run: a new order, a stop added before it, the package taken off the run', async () => {
    const codes = await readyPackages(testApp, 3);
    const [a, b, mine] = codes as [string, string, string];
    const runId = await runWith(admin, (await signedInMember(testApp, 'driver')).id, codes);
    await loadAll(admin, codes);
    expect(await stopsAway(mine)).toBe(2);
    await setStops(admin, runId, [mine, a, b]);
    expect(await stopsAway(mine)).toBe(0);
    expect(await stopsAway(b)).toBe(2);
    const [added] = (await readyPackages(testApp, 1)) as [string];
    await setStops(admin, runId, [added, mine, a, b]);
    // A stop not loaded yet still counts: the courier may deliver it on the way.
    expect(await stopsAway(mine)).toBe(1);
    await setStops(admin, runId, [added, a, b]);
    expect(await stopsAway(mine)).toBeNull();
    expect(await stopsAway(b)).toBe(2);
    // A stop before it leaving the run's statuses (set by the console) counts no more.
    expect((await admin.post('/api/admin/update-status', { trackingCode: added, status: 'On hold' })).status).toBe(200);
    expect(await stopsAway(b)).toBe(1);
  });

  it("counts only on today's run: none for a run of another day or a package out for delivery on no run", async () => {
    const codes = await readyPackages(testApp, 2);
    const [first, mine] = codes as [string, string];
    const someDriver = await signedInMember(testApp, 'driver');
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    await runWith(admin, someDriver.id, codes, localDay(tomorrow));
    for (const code of codes) {
      expect(
        (await admin.post('/api/admin/update-status', { trackingCode: code, status: 'Out for Delivery' })).status,
      ).toBe(200);
    }
    expect(await track(mine)).toMatchObject({ status: 'Out for Delivery', stopsAway: null });
    expect(await stopsAway(first)).toBeNull();
  });

  it('shows the latest attempt until delivery, the returning sentence after the last one allowed', async () => {
    const codes = await readyPackages(testApp, 2);
    const [mine, other] = codes as [string, string];
    await runWith(admin, (await signedInMember(testApp, 'driver')).id, codes);
    const first = minutesAgoToday(30);
    await drive(admin, [roadEvent('attempt_failed', mine, { reason: 'Nobody at home', at: first })]);
    expect((await track(mine)).attempt).toEqual({ at: first, reason: 'Nobody at home', returning: false });
    const second = minutesAgoToday(20);
    await drive(admin, [roadEvent('attempt_failed', mine, { reason: 'Business closed', at: second })]);
    expect((await track(mine)).attempt).toEqual({ at: second, reason: 'Business closed', returning: false });
    const last = minutesAgoToday(10);
    expect(await drive(admin, [roadEvent('attempt_failed', mine, { reason: 'Address not found', at: last })])).toEqual([
      'Returning to sender',
    ]);
    expect(await track(mine)).toMatchObject({
      status: 'Returning to sender',
      stopsAway: null,
      attempt: { at: last, reason: 'Address not found', returning: true },
    });
    // A location update that reads like an attempt but was typed in the console is no attempt.
    await admin.post('/api/admin/location-update', {
      trackingCode: other,
      location: 'Delivery attempted: Nobody at home',
    });
    expect((await track(other)).attempt).toBeNull();
    // Removing the attempt's update in the console removes it from the page: the one before shows.
    const removed = await admin.delete('/api/admin/location-update', { trackingCode: mine, timestamp: last });
    expect(removed.status).toBe(200);
    expect((await track(mine)).attempt).toEqual({ at: second, reason: 'Business closed', returning: true });
    // Delivered: no attempt to tell any more.
    expect((await admin.post('/api/admin/update-status', { trackingCode: mine, status: 'Delivered' })).status).toBe(
      200,
    );
    expect((await track(mine)).attempt).toBeNull();
  });
});
