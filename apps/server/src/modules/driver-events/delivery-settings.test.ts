// The delivery settings: defaults until saved (the depot named after the company, 3 attempts, five
// reasons), written by admins only (operators read them, drivers read them through the driver app),
// bounds refused with nothing stored, each change in the audit log; and the limit of attempts in force.
import { randomUUID } from 'node:crypto';
import { localDay } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, deliverySettings } from '../../db/schema/index.ts';

const PATH = '/api/admin/delivery-settings';
const DEFAULTS = {
  depotLocation: 'Harbor Couriers depot',
  maxAttempts: 3,
  failureReasons: [
    'Nobody at home',
    'Address not found',
    'Refused by the receiver',
    'No access to the building',
    'Business closed',
  ],
};

// One database: the bounds, the messages and the admin-only check are the app's; one settings row.
describe.each(databasesFor('any'))('delivery settings on %s', (kind) => {
  let testApp: TestApp;
  let admin: TestClient;
  let operator: TestClient;
  let driver: { id: string; client: TestClient };

  beforeAll(async () => {
    testApp = await startTestApp(kind, { COMPANY_NAME: 'Harbor Couriers' });
    await testApp.app.mailOutbox.stop();
    admin = await testApp.operator();
    operator = (await signedInMember(testApp, 'operator')).client;
    driver = await signedInMember(testApp, 'driver', 'Ama Driver');
  });
  afterAll(() => testApp?.close());

  const audited = () => testApp.app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.delivery_changed'));

  it('answers the defaults while none are saved: to an operator, and to a driver through the app', async () => {
    expect((await operator.get(PATH)).body).toEqual(DEFAULTS);
    expect((await driver.client.get('/api/driver/settings')).body).toEqual(DEFAULTS);
    expect((await driver.client.get(PATH)).status).toBe(403);
    expect(await testApp.app.db.select().from(deliverySettings)).toEqual([]);
  });

  it('lets an admin save them, records only what changed, and refuses an operator', async () => {
    const settings = { depotLocation: 'Harbor depot, Pier 4', maxAttempts: 1, failureReasons: ['Nobody at home'] };
    const saved = await admin.put(PATH, settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(settings);
    expect((await driver.client.get('/api/driver/settings')).body).toEqual(settings);
    const [entry] = await audited();
    expect(entry).toMatchObject({
      targetType: 'settings',
      targetId: 'delivery',
      before: { depotLocation: DEFAULTS.depotLocation, maxAttempts: 3, failureReasons: DEFAULTS.failureReasons },
      after: settings,
    });
    const refused = await operator.put(PATH, DEFAULTS);
    expect(refused.status).toBe(403);
    expect((await admin.get(PATH)).body).toEqual(settings);
  });

  it.each([
    [{ ...DEFAULTS, maxAttempts: 0 }, 'maxAttempts', 'Delivery attempts must be a whole number from 1 to 10'],
    [{ ...DEFAULTS, maxAttempts: 11 }, 'maxAttempts', 'Delivery attempts must be a whole number from 1 to 10'],
    [{ ...DEFAULTS, maxAttempts: 2.5 }, 'maxAttempts', 'Delivery attempts must be a whole number from 1 to 10'],
    [{ ...DEFAULTS, depotLocation: '  ' }, 'depotLocation', 'Enter the depot’s location'],
    [{ ...DEFAULTS, failureReasons: [] }, 'failureReasons', 'Give from 1 to 20 failure reasons'],
    [
      {
        ...DEFAULTS,
        failureReasons: Array(21)
          .fill('x')
          .map((x, i) => x + i),
      },
      'failureReasons',
      'Give from 1 to 20 failure reasons',
    ],
    [{ ...DEFAULTS, failureReasons: ['x'.repeat(101)] }, 'failureReasons.0', 'A failure reason is 1 to 100 characters'],
    [{ ...DEFAULTS, failureReasons: ['Same', 'Same'] }, 'failureReasons', 'Each failure reason must be different'],
  ])('refuses %o with 400 on %s and stores nothing', async (body, field, message) => {
    const entries = (await audited()).length;
    const response = await admin.put(PATH, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    expect(await audited()).toHaveLength(entries);
  });

  it('uses the saved depot, reasons and number of attempts', async () => {
    const run = await admin.post('/api/admin/runs', { driverId: driver.id, date: localDay(new Date()) });
    const { trackingCode } = await acceptedPackage(testApp, admin);
    await admin.request('PUT', `/api/admin/runs/${run.body.id}/stops`, { json: { trackingCodes: [trackingCode] } });
    const at = new Date(Date.now() - 60_000).toISOString();
    const answer = await driver.client.post('/api/driver/events', {
      events: [
        { id: randomUUID(), type: 'attempt_failed', trackingCode, at, reason: 'Business closed' },
        { id: randomUUID(), type: 'attempt_failed', trackingCode, at, reason: 'Nobody at home' },
      ],
    });
    expect(answer.body.results).toMatchObject([
      { status: 'refused', code: 400, message: 'Choose one of the failure reasons the admin set' },
      { status: 'applied', package: { trackingCode, status: 'Returning to sender' } },
    ]);
  });
});
