// Another delivery day (docs/decisions/0050): a checked recipient or sender moves the package to one of
// the next 10 working days from its estimated delivery; the estimate, the runs and Dispatch's list of
// packages on no run follow, in one transaction; every other day is refused with nothing stored.
// *Both databases*: the day is a date column compared in SQL (Dispatch's list), and runs are locked.
import {
  addDays,
  DAY_INVALID,
  DELIVERY_DAY_HOLIDAY,
  DELIVERY_DAY_NOT_WORKING,
  DELIVERY_DAY_OUT_OF_RANGE,
  isoWeekday,
  localDay,
  localNoon,
  preferencesLocked,
} from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { checksApp, packageWithPhones } from '../../../test/support/package-checks.ts';
import { runWith } from '../../../test/support/road.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, deliveryPreferences, packages } from '../../db/schema/index.ts';

const SETTINGS = '/api/admin/delivery-settings';

/** The first Monday at least a week from today: its working days are known whatever today is. */
function aMondayAhead(): string {
  let day = addDays(localDay(new Date()), 7);
  while (isoWeekday(day) !== 1) day = addDays(day, 1);
  return day;
}

describe.each(databasesFor('sql'))('another delivery day on %s', (kind) => {
  const app = checksApp(kind);
  const db = () => app.testApp.app.db;
  const monday = aMondayAhead();
  /** A package estimated on `monday` at 15:30, and its recipient's checked client. */
  const aPackage = async () => {
    const code = await packageWithPhones(db());
    const estimate = new Date(localNoon(monday).getTime() + 3.5 * 60 * 60 * 1000);
    await db().update(packages).set({ estimatedDelivery: estimate }).where(eq(packages.trackingCode, code));
    const client = app.testApp.client();
    expect((await client.post(`/api/track/${code}/verify`, { phoneLast4: '4412' })).status).toBe(204);
    return { code, recipient: client };
  };
  const put = (client: TestClient, code: string, body: unknown) =>
    client.request('PUT', `/api/track/${code}/preferences`, { json: body });
  const storedRow = async (code: string) =>
    (
      await db()
        .select({ day: deliveryPreferences.deliveryDay })
        .from(deliveryPreferences)
        .innerJoin(packages, eq(packages.id, deliveryPreferences.packageId))
        .where(eq(packages.trackingCode, code))
    )[0];
  const estimateOf = async (code: string) =>
    (await app.testApp.client().get(`/api/track/${code}`)).body.estimatedDelivery as string | null;

  it('offers the next 10 working days from the estimated day, Monday to Friday by default', async () => {
    const { code, recipient } = await aPackage();
    const answer = await recipient.get(`/api/track/${code}/preferences`);
    expect(answer.body.deliveryDay).toBeNull();
    expect(answer.body.deliveryDays).toEqual([0, 1, 2, 3, 4, 7, 8, 9, 10, 11].map((offset) => addDays(monday, offset)));
  });

  it('refuses a weekend day, a holiday, the 11th working day, yesterday and a malformed date, storing nothing', async () => {
    const admin = await app.testApp.operator();
    const settings = (await admin.get(SETTINGS)).body;
    const tuesday = addDays(monday, 1);
    expect((await admin.put(SETTINGS, { ...settings, holidays: [tuesday] })).status).toBe(200);
    try {
      const { code, recipient } = await aPackage();
      const before = await estimateOf(code);
      const cases: [string, string][] = [
        [addDays(monday, 5), DELIVERY_DAY_NOT_WORKING],
        [tuesday, DELIVERY_DAY_HOLIDAY],
        // With the holiday, the 10th working day is the third Monday: the Tuesday after is the 11th.
        [addDays(monday, 15), DELIVERY_DAY_OUT_OF_RANGE],
        [addDays(monday, -3), DELIVERY_DAY_OUT_OF_RANGE],
        [addDays(localDay(new Date()), -1), ''],
        ['2030-02-30', DAY_INVALID],
        ['next Monday', DAY_INVALID],
      ];
      for (const [day, message] of cases) {
        const answer = await put(recipient, code, { deliveryDay: day });
        expect(answer.status, day).toBe(400);
        if (message) expect(answer.body.errors).toEqual({ deliveryDay: message });
        else expect(answer.body.errors.deliveryDay).toBeTruthy();
      }
      expect(await storedRow(code)).toBeUndefined();
      expect(await estimateOf(code)).toBe(before);
      // The 10th working day is taken.
      expect((await put(recipient, code, { deliveryDay: addDays(monday, 14) })).status).toBe(200);
    } finally {
      await admin.put(SETTINGS, { ...settings, holidays: [] });
    }
  });

  it('refuses once the package is out for delivery', async () => {
    const { code, recipient } = await aPackage();
    await db().update(packages).set({ status: 'Out for Delivery' }).where(eq(packages.trackingCode, code));
    const answer = await put(recipient, code, { deliveryDay: addDays(monday, 2) });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(preferencesLocked('Out for Delivery'));
    expect(await storedRow(code)).toBeUndefined();
  });

  it('moves the estimate, takes the package off an earlier run, and Dispatch offers it on its day only', async () => {
    const { code, recipient } = await aPackage();
    const admin = await app.testApp.operator();
    const driver = await signedInMember(app.testApp, 'driver');
    const runId = await runWith(admin, driver.id, [code], monday);
    const thursday = addDays(monday, 3);

    const set = await put(recipient, code, { deliveryDay: thursday });
    expect(set.status, set.text).toBe(200);
    expect(set.body.deliveryDay).toBe(thursday);
    // Counted from the estimate as it was: the choices do not walk on.
    expect(set.body.deliveryDays[0]).toBe(monday);
    expect(await estimateOf(code)).toBe(localNoon(thursday).toISOString());
    expect((await admin.get(`/api/admin/runs/${runId}`)).body.stops).toEqual([]);
    const offered = async (day: string) =>
      ((await admin.get(`/api/admin/runs/unassigned?date=${day}&q=${code}`)).body as { trackingCode: string }[])
        .map((item) => item.trackingCode)
        .includes(code);
    expect(await offered(monday)).toBe(false);
    expect(await offered(addDays(monday, 2))).toBe(false);
    expect(await offered(thursday)).toBe(true);
    expect(await offered(addDays(monday, 4))).toBe(true);

    const history = await db().select().from(auditLog).where(eq(auditLog.targetId, code));
    expect(history.filter((entry) => entry.action === 'package.preferences_changed')).toMatchObject([
      { after: { by: 'recipient', deliveryDay: thursday, estimatedDelivery: localNoon(thursday).toISOString() } },
    ]);
    const ofRun = await db().select().from(auditLog).where(eq(auditLog.targetId, runId));
    expect(ofRun.find((entry) => (entry.after as { removed?: string }).removed === code)).toMatchObject({
      before: { trackingCodes: [code] },
      after: { trackingCodes: [], removed: code, deliveryDay: thursday },
    });

    // Null: the estimate as it was, and every day again.
    const undone = await put(recipient, code, { deliveryDay: null });
    expect(undone.body.deliveryDay).toBeNull();
    expect(await estimateOf(code)).toBe(new Date(localNoon(monday).getTime() + 3.5 * 60 * 60 * 1000).toISOString());
    expect(await offered(monday)).toBe(true);
  });

  it('tells the other party the new day in words', async () => {
    await app.testApp.app.mailOutbox.stop();
    const { code, recipient } = await aPackage();
    const [pkg] = await db().select().from(packages).where(eq(packages.trackingCode, code));
    expect((await put(recipient, code, { deliveryDay: addDays(monday, 1) })).status).toBe(200);
    await app.testApp.app.packageEvents.runOnce();
    const sent = (await findOutboxMessages(db())).filter((message) => message.packageId === pkg!.id);
    expect(sent.map((message) => message.to)).toEqual([pkg!.email]);
    expect(sent[0]!.payload).toMatchObject({ event: 'preferences', deliveryDay: addDays(monday, 1) });
  });
});
