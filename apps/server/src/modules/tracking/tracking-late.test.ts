import { isRunningLate, trackResultSchema } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, submitPackage } from '../../../test/support/factories.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { packages } from '../../db/schema/index.ts';
import { trackPackage } from './tracking.service.ts';

const HOUR = 3_600_000;

// Both databases: the late flag is computed in SQL on the database's clock.
describe.each(databasesFor('sql'))('the late flag of GET /api/track/:code on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  // The clock is controlled by moving the package's dates, never by waiting.
  const setPackage = (trackingCode: string, values: { status?: string; estimatedDelivery?: Date | null }) =>
    testApp.app.db.update(packages).set(values).where(eq(packages.trackingCode, trackingCode));

  const track = async (trackingCode: string) => {
    const response = await testApp.client().get(`/api/track/${trackingCode}`);
    expect(response.status).toBe(200);
    return trackResultSchema.parse(response.body);
  };

  it('answers late: false while the estimated delivery is ahead, and for a Pending package', async () => {
    const operator = await testApp.operator();
    const accepted = await acceptedPackage(testApp, operator);
    expect((await track(accepted.trackingCode)).late).toBe(false);
    const pending = await submitPackage(testApp);
    expect(await track(pending)).toMatchObject({ status: 'Pending', estimatedDelivery: null, late: false });
  });

  it('answers late: true once the estimated delivery has passed and the package is on its way', async () => {
    const operator = await testApp.operator();
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await setPackage(trackingCode, { status: 'Out for Delivery', estimatedDelivery: new Date(Date.now() - HOUR) });
    expect(await track(trackingCode)).toMatchObject({ status: 'Out for Delivery', late: true });
  });

  it('never calls a delivered or rejected package late', async () => {
    const operator = await testApp.operator();
    for (const status of ['Delivered', 'Rejected']) {
      const { trackingCode } = await acceptedPackage(testApp, operator);
      await setPackage(trackingCode, { status, estimatedDelivery: new Date(Date.now() - 100 * HOUR) });
      expect((await track(trackingCode)).late).toBe(false);
    }
  });

  it('agrees with isRunningLate of the domain to the millisecond, on a fixed clock', async () => {
    const operator = await testApp.operator();
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const now = new Date('2030-06-01T12:00:00.000Z');
    const cases = [
      { status: 'Shipped', estimatedDelivery: new Date(now.getTime() - 1) },
      { status: 'Shipped', estimatedDelivery: now },
      { status: 'Shipped', estimatedDelivery: new Date(now.getTime() + 1) },
      { status: 'Held at customs', estimatedDelivery: new Date(now.getTime() - HOUR) },
      { status: 'Delivered', estimatedDelivery: new Date(now.getTime() - HOUR) },
      { status: 'Rejected', estimatedDelivery: new Date(now.getTime() - HOUR) },
      { status: 'Shipped', estimatedDelivery: null },
    ];
    const seen = [];
    for (const values of cases) {
      await setPackage(trackingCode, values);
      const answer = trackResultSchema.parse(JSON.parse(await trackPackage(testApp.app.db, trackingCode, now)));
      seen.push(answer.late);
      expect(answer.late).toBe(isRunningLate(values, now));
    }
    expect(seen).toEqual([true, false, false, true, false, false, false]);
  });
});
