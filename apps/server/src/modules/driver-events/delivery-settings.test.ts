// The delivery settings: defaults until saved (the depot named after the company, 3 attempts, five
// reasons), written by admins only (operators read them, drivers read them through the driver app),
// bounds refused with nothing stored, each change in the audit log; and the limit of attempts in force.
import { randomUUID } from 'node:crypto';
import {
  addDays,
  DAY_INVALID,
  HOLIDAYS_COUNT,
  HOLIDAYS_REPEATED,
  localDay,
  WORKING_DAY_INVALID,
  WORKING_DAYS_REQUIRED,
} from '@waybill/domain';
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
  workingDays: [1, 2, 3, 4, 5],
  holidays: [],
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
    // Working days and holidays left out keep those saved.
    expect(saved.body).toEqual({ ...settings, workingDays: [1, 2, 3, 4, 5], holidays: [] });
    expect((await driver.client.get('/api/driver/settings')).body).toEqual(saved.body);
    const [entry] = await audited();
    expect(entry).toMatchObject({
      targetType: 'settings',
      targetId: 'delivery',
      before: { depotLocation: DEFAULTS.depotLocation, maxAttempts: 3, failureReasons: DEFAULTS.failureReasons },
      after: settings,
    });
    const refused = await operator.put(PATH, DEFAULTS);
    expect(refused.status).toBe(403);
    expect((await admin.get(PATH)).body).toEqual(saved.body);
  });

  it('saves working days and holidays in order, drops a holiday already past, and records the change', async () => {
    const today = localDay(new Date());
    const [year] = today.split('-');
    const later = `${Number(year) + 1}-12-25`;
    const sooner = `${Number(year) + 1}-01-01`;
    const current = (await admin.get(PATH)).body;
    const saved = await admin.put(PATH, {
      ...current,
      workingDays: [6, 1, 2, 3, 4, 5],
      holidays: [later, '2020-01-01', sooner],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], holidays: [sooner, later] });
    expect((await admin.get(PATH)).body).toEqual(saved.body);
    const entries = await audited();
    expect(entries.find((entry) => JSON.stringify(entry.after).includes(later))).toMatchObject({
      before: { workingDays: [1, 2, 3, 4, 5], holidays: [] },
      after: { workingDays: [1, 2, 3, 4, 5, 6], holidays: [sooner, later] },
    });
    expect((await admin.put(PATH, current)).body).toEqual(current);
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
    [{ ...DEFAULTS, workingDays: [] }, 'workingDays', WORKING_DAYS_REQUIRED],
    [{ ...DEFAULTS, workingDays: [0, 1] }, 'workingDays.0', WORKING_DAY_INVALID],
    [{ ...DEFAULTS, workingDays: [1, 8] }, 'workingDays.1', WORKING_DAY_INVALID],
    [{ ...DEFAULTS, workingDays: [1, 1.5] }, 'workingDays.1', WORKING_DAY_INVALID],
    [{ ...DEFAULTS, workingDays: [1, 2, 2] }, 'workingDays', WORKING_DAY_INVALID],
    [{ ...DEFAULTS, holidays: ['2030-02-30'] }, 'holidays.0', DAY_INVALID],
    [{ ...DEFAULTS, holidays: ['25/12/2030'] }, 'holidays.0', DAY_INVALID],
    [{ ...DEFAULTS, holidays: ['2030-12-25', '2030-12-25'] }, 'holidays', HOLIDAYS_REPEATED],
    [
      { ...DEFAULTS, holidays: Array.from({ length: 61 }, (_, day) => addDays('2030-01-01', day)) },
      'holidays',
      HOLIDAYS_COUNT,
    ],
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
