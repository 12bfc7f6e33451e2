// Runs: each driver's ordered stops for a day, planned in the console. Creating, reading, changing and
// deleting runs; the order of stops, a stop moved from another run of the day; one run per driver and
// day and one run per package and day, kept by the database; the statuses that cannot go out; bad
// input refused with nothing stored; a repeated create with its Idempotency-Key; the audit entries; the
// packages left to plan; and the driver's run of today. *Both databases*: the unique indexes, the
// cascading foreign keys and the transactions decide the outcomes.
import { randomUUID } from 'node:crypto';
import {
  DAY_INVALID,
  DRIVER_NOT_FOUND,
  localDay,
  PACKAGE_NOT_FOUND,
  RUN_EXISTS,
  RUN_NOT_FOUND,
  runStatusRefused,
} from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { roadTeam } from '../../../test/support/road.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, operators, runStops, runs } from '../../db/schema/index.ts';

let day = 0;
/** A day no other test of the file uses, so each test plans on an empty calendar. */
const freshDay = () => {
  day += 1;
  return new Date(Date.UTC(2027, 0, day)).toISOString().slice(0, 10);
};

describe.each(databasesFor('sql'))('runs on %s', (kind) => {
  const team = roadTeam(kind);
  let operator: TestClient;
  let operatorId: string;

  beforeAll(async () => {
    const member = await signedInMember(team.testApp, 'operator', 'Opal Operator');
    operator = member.client;
    operatorId = member.id;
  });

  const accepted = async () => (await acceptedPackage(team.testApp, team.admin)).trackingCode;
  const createRun = (driverId: string, date: string, client = operator, headers?: Record<string, string>) =>
    client.post('/api/admin/runs', { driverId, date }, headers ? { headers } : undefined);
  const putStops = (id: string, trackingCodes: unknown, client = operator) =>
    client.request('PUT', `/api/admin/runs/${id}/stops`, { json: { trackingCodes } });
  const codesOf = (run: { stops: { trackingCode: string }[] }) => run.stops.map((stop) => stop.trackingCode);
  const stored = async () => ({
    runs: await team.testApp.app.db.select().from(runs).orderBy(runs.id),
    stops: await team.testApp.app.db.select().from(runStops).orderBy(runStops.runId, runStops.position),
  });

  it('creates, reads, lists, changes and deletes a run, each change audited', async () => {
    const date = freshDay();
    const created = await createRun(team.driverA.id, date);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ driverId: team.driverA.id, driverName: 'Ama Driver', date, stops: [] });
    const { id } = created.body;

    expect((await operator.get(`/api/admin/runs/${id}`)).body).toEqual(created.body);
    expect((await operator.get(`/api/admin/runs?date=${date}`)).body).toEqual([created.body]);
    expect((await operator.get(`/api/admin/runs?date=${freshDay()}`)).body).toEqual([]);

    const later = freshDay();
    const moved = await operator.request('PATCH', `/api/admin/runs/${id}`, {
      json: { driverId: team.driverB.id, date: later },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id, driverId: team.driverB.id, driverName: 'Ben Driver', date: later });

    // The log names the run by its driver and day.
    const logged = await team.admin.get(`/api/admin/audit?target=${id}`);
    expect(logged.body.map((entry: { targetLabel: string }) => entry.targetLabel)).toEqual([
      `Run of Ben Driver on ${later}`,
      `Run of Ben Driver on ${later}`,
    ]);

    const deleted = await operator.request('DELETE', `/api/admin/runs/${id}`);
    expect(deleted.body).toEqual({ message: 'Run deleted', id });
    expect((await operator.get(`/api/admin/runs/${id}`)).body).toEqual({ message: RUN_NOT_FOUND });
    expect((await operator.request('DELETE', `/api/admin/runs/${id}`)).status).toBe(404);
    expect((await operator.get('/api/admin/runs/not-a-uuid')).status).toBe(404);

    const entries = await team.testApp.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(auditLog.at);
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.targetType])).toEqual([
      ['run.created', operatorId, 'run'],
      ['run.updated', operatorId, 'run'],
      ['run.deleted', operatorId, 'run'],
    ]);
    expect(entries[0]!.after).toEqual({ driverId: team.driverA.id, date });
    expect(entries[1]!.before).toEqual({ driverId: team.driverA.id, date });
    expect(entries[1]!.after).toEqual({ driverId: team.driverB.id, date: later });
  });

  it('keeps the order of the stops as given, reorders them and lets a left-out package go', async () => {
    const date = freshDay();
    const [a, b, c] = [await accepted(), await accepted(), await accepted()];
    const { id } = (await createRun(team.driverA.id, date)).body;
    const first = await putStops(id, [b.toLowerCase(), a, c]);
    expect(first.status).toBe(200);
    expect(first.body.stops).toEqual([
      expect.objectContaining({ position: 1, trackingCode: b, status: 'Order Placed' }),
      expect.objectContaining({ position: 2, trackingCode: a }),
      expect.objectContaining({ position: 3, trackingCode: c }),
    ]);
    // What a driver needs at the door: the destination and the receiver, from the package.
    const pkg = (await team.admin.get(`/api/admin/packages/${b}`)).body;
    expect(first.body.stops[0]).toEqual({
      position: 1,
      trackingCode: b,
      status: 'Order Placed',
      destination: pkg.destination,
      receiverName: pkg.rname,
      receiverPhone: pkg.rphone,
      attempt: null,
      // Nothing chosen on the tracking page.
      instructions: '',
      safePlaceWords: null,
    });

    const second = await putStops(id, [c, a]);
    expect(codesOf(second.body)).toEqual([c, a]);
    expect(second.body.stops.map((stop: { position: number }) => stop.position)).toEqual([1, 2]);
    expect(codesOf((await operator.get(`/api/admin/runs/${id}`)).body)).toEqual([c, a]);
    const free = await operator.get(`/api/admin/runs/unassigned?date=${date}&pageSize=100`);
    expect(free.body.map((entry: { trackingCode: string }) => entry.trackingCode)).toContain(b);

    expect(codesOf((await putStops(id, [])).body)).toEqual([]);
    const changes = await team.testApp.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, id))
      .orderBy(auditLog.at);
    expect(changes.filter((entry) => entry.action === 'run.stops_changed').map((entry) => entry.after)).toEqual([
      { trackingCodes: [b, a, c] },
      { trackingCodes: [c, a] },
      { trackingCodes: [] },
    ]);
  });

  it('moves a stop from another run of the same day in one change, audited on both runs', async () => {
    const date = freshDay();
    const [a, b, c] = [await accepted(), await accepted(), await accepted()];
    const one = (await createRun(team.driverA.id, date)).body.id;
    const two = (await createRun(team.driverB.id, date)).body.id;
    await putStops(one, [a, b]);
    const moved = await putStops(two, [c, b]);
    expect(codesOf(moved.body)).toEqual([c, b]);
    const runsOfDay = (await operator.get(`/api/admin/runs?date=${date}`)).body;
    expect(runsOfDay.map((run: { id: string; stops: [] }) => [run.id, codesOf(run)])).toEqual([
      [one, [a]],
      [two, [c, b]],
    ]);
    const [fromEntry] = (
      await team.testApp.app.db.select().from(auditLog).where(eq(auditLog.targetId, one)).orderBy(auditLog.at)
    ).filter((entry) => entry.action === 'run.stops_changed' && (entry.after as { movedTo?: string }).movedTo);
    expect(fromEntry).toMatchObject({ before: { trackingCodes: [a, b] }, after: { trackingCodes: [a], movedTo: two } });

    // A run of another day keeps its own stops: the same package may go out on two days.
    const other = (await createRun(team.driverA.id, freshDay())).body.id;
    expect(codesOf((await putStops(other, [b])).body)).toEqual([b]);
    expect(codesOf((await operator.get(`/api/admin/runs/${two}`)).body)).toEqual([c, b]);
  });

  it("takes two changes of a day's stops at once one after the other: the package ends on one run", async () => {
    const date = freshDay();
    const [a, b] = [await accepted(), await accepted()];
    const one = (await createRun(team.driverA.id, date)).body.id;
    const two = (await createRun(team.driverB.id, date)).body.id;
    const answers = await Promise.all([putStops(one, [a, b]), putStops(two, [b, a]), putStops(one, [b])]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const stops = await team.testApp.app.db.select().from(runStops).where(eq(runStops.day, date));
    expect(stops.map((stop) => stop.packageId).sort()).toHaveLength(new Set(stops.map((stop) => stop.packageId)).size);
    expect(stops.length).toBeGreaterThanOrEqual(1);
    expect(stops.length).toBeLessThanOrEqual(2);
  });

  it('keeps one run per driver a day and one run per package a day', async () => {
    const date = freshDay();
    const first = await createRun(team.driverA.id, date);
    expect(first.status).toBe(201);
    const again = await createRun(team.driverA.id, date);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: RUN_EXISTS });

    // The database itself refuses a package on two runs of a day, whatever the code above it does.
    const code = await accepted();
    const other = (await createRun(team.driverB.id, date)).body.id;
    await putStops(first.body.id, [code]);
    const [stop] = await team.testApp.app.db.select().from(runStops).where(eq(runStops.runId, first.body.id));
    await expect(
      team.testApp.app.db.insert(runStops).values({ runId: other, day: date, packageId: stop!.packageId, position: 1 }),
    ).rejects.toThrow();
    // A stop's day is its run's: the foreign key refuses another.
    await expect(
      team.testApp.app.db
        .insert(runStops)
        .values({ runId: other, day: freshDay(), packageId: stop!.packageId, position: 1 }),
    ).rejects.toThrow();

    // Moving a run to a day where its package is already planned, or where its driver has a run, is refused.
    const later = freshDay();
    const laterRun = (await createRun(team.driverB.id, later)).body.id;
    await putStops(laterRun, [code]);
    const clash = await operator.request('PATCH', `/api/admin/runs/${first.body.id}`, { json: { date: later } });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ message: `Already on another run that day: ${code}` });
    const driverClash = await operator.request('PATCH', `/api/admin/runs/${laterRun}`, { json: { date } });
    expect(driverClash.body).toEqual({ message: RUN_EXISTS });
    expect(codesOf((await operator.get(`/api/admin/runs/${first.body.id}`)).body)).toEqual([code]);

    // Its stops follow a run to a free day.
    const free = freshDay();
    const followed = await operator.request('PATCH', `/api/admin/runs/${first.body.id}`, { json: { date: free } });
    expect(followed.body).toMatchObject({ date: free, stops: [expect.objectContaining({ trackingCode: code })] });
    const stops = await team.testApp.app.db.select().from(runStops).where(eq(runStops.runId, first.body.id));
    expect(stops.map((row) => row.day)).toEqual([free]);
  });

  it('refuses Pending, Rejected and Delivered packages, naming each, and stores nothing', async () => {
    const date = freshDay();
    const { id } = (await createRun(team.driverA.id, date)).body;
    const ok = await accepted();
    await putStops(id, [ok]);
    const pending = await submitPackage(team.testApp);
    const rejected = await submitPackage(team.testApp);
    expect((await team.admin.post('/api/admin/reject', { trackingCode: rejected })).status).toBe(200);
    const delivered = await accepted();
    await team.admin.post('/api/admin/update-status', { trackingCode: delivered, status: 'Delivered' });
    const custom = await accepted();
    await team.admin.post('/api/admin/update-status', { trackingCode: custom, status: 'Held at customs' });
    const before = await stored();

    const refused = await putStops(id, [ok, pending, rejected, delivered, custom, 'NOSUCHCODE1']);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `These packages cannot be stops of this run: ${pending} (Pending), ${rejected} (Rejected), ${delivered} (Delivered), ${custom} (Held at customs), NOSUCHCODE1 (not found)`,
    );
    expect(refused.body.errors).toEqual({
      'trackingCodes.1': runStatusRefused('Pending'),
      'trackingCodes.2': runStatusRefused('Rejected'),
      'trackingCodes.3': runStatusRefused('Delivered'),
      'trackingCodes.4': runStatusRefused('Held at customs'),
      'trackingCodes.5': PACKAGE_NOT_FOUND,
    });
    expect(await stored()).toEqual(before);

    // A stop delivered meanwhile stays on its run and can still be reordered.
    const other = await accepted();
    await putStops(id, [ok, other]);
    await team.admin.post('/api/admin/update-status', { trackingCode: ok, status: 'Delivered' });
    const reordered = await putStops(id, [other, ok]);
    expect(reordered.status).toBe(200);
    expect(reordered.body.stops.map((stop: { status: string }) => stop.status)).toEqual(['Order Placed', 'Delivered']);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const date = freshDay();
    const { id } = (await createRun(team.driverA.id, date)).body;
    const code = await accepted();
    const deactivated = await signedInMember(team.testApp, 'driver');
    await team.testApp.app.db.update(operators).set({ active: false }).where(eq(operators.id, deactivated.id));
    const before = await stored();

    for (const driverId of ['00000000-0000-4000-8000-000000000000', operatorId, deactivated.id, 'nope']) {
      const answer = await createRun(driverId, freshDay());
      expect(answer.status, driverId).toBe(400);
      expect(answer.body, driverId).toEqual({ message: DRIVER_NOT_FOUND, errors: { driverId: DRIVER_NOT_FOUND } });
    }
    for (const bad of ['2026-02-30', 'tomorrow', '2026-1-5', '', '1969-12-31', 20270101]) {
      const answer = await createRun(team.driverA.id, bad as string);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.errors?.date, String(bad)).toBe(DAY_INVALID);
      expect((await operator.get(`/api/admin/runs?date=${bad}`)).status, String(bad)).toBe(400);
    }
    expect((await createRun('', date)).body.errors).toEqual({ driverId: 'Choose a driver' });
    const patchedToOperator = await operator.request('PATCH', `/api/admin/runs/${id}`, {
      json: { driverId: operatorId },
    });
    expect(patchedToOperator.body.message).toBe(DRIVER_NOT_FOUND);
    expect((await operator.request('PATCH', `/api/admin/runs/${id}`, { json: {} })).status).toBe(400);

    const twice = await putStops(id, [code, code.toLowerCase()]);
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ 'trackingCodes.1': `${code} is named twice` });
    expect((await putStops(id, 'ABC')).status).toBe(400);
    expect((await putStops(id, [42])).status).toBe(400);
    expect(
      (
        await putStops(
          id,
          Array.from({ length: 201 }, () => code),
        )
      ).body.message,
    ).toBe('A run holds at most 200 stops');
    expect((await putStops('00000000-0000-4000-8000-000000000000', [code])).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('creates a run once for a repeated Idempotency-Key', async () => {
    const date = freshDay();
    const headers = { 'Idempotency-Key': `run-${kind}-${date}` };
    const first = await createRun(team.driverB.id, date, operator, headers);
    const second = await createRun(team.driverB.id, date, operator, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect((await team.testApp.app.db.select().from(runs).where(eq(runs.day, date))).length).toBe(1);
    const created = await team.testApp.app.db.select().from(auditLog).where(eq(auditLog.targetId, first.body.id));
    expect(created.map((entry) => entry.action)).toEqual(['run.created']);
  });

  it('lists the packages that can go out and are on no run that day, a page at a time', async () => {
    const date = freshDay();
    const [a, b] = [await accepted(), await accepted()];
    const pending = await submitPackage(team.testApp);
    const { id } = (await createRun(team.driverA.id, date)).body;
    await putStops(id, [a]);
    const all = await operator.get(`/api/admin/runs/unassigned?date=${date}&pageSize=100`);
    expect(all.status).toBe(200);
    const codes = all.body.map((entry: { trackingCode: string }) => entry.trackingCode);
    expect(codes).toContain(b);
    expect(codes).not.toContain(a);
    expect(codes).not.toContain(pending);
    expect(all.body.every((entry: { status: string }) => entry.status !== 'Delivered')).toBe(true);
    expect(Number(all.headers.get('x-total-count'))).toBe(codes.length);
    // Newest first, as the console lists packages (the Pending one came after b but cannot go out).
    expect(codes[0]).toBe(b);
    const page = await operator.get(`/api/admin/runs/unassigned?date=${date}&page=1&pageSize=1`);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('x-next-page')).toBe('2');
    expect(page.headers.get('link')).toContain(`date=${date}`);
    // On another day the package on today's run is free again.
    const tomorrow = await operator.get(`/api/admin/runs/unassigned?date=${freshDay()}&pageSize=100`);
    expect(tomorrow.body.map((entry: { trackingCode: string }) => entry.trackingCode)).toContain(a);
    // A search narrows the list, in any case: part of a code, or a receiver's phone.
    const byCode = await operator.get(`/api/admin/runs/unassigned?date=${date}&q=${b.slice(2, 9).toLowerCase()}`);
    expect(byCode.body.map((entry: { trackingCode: string }) => entry.trackingCode)).toEqual([b]);
    expect(byCode.headers.get('x-total-count')).toBe('1');
    const phone = all.body[0].receiverPhone as string;
    const byPhone = await operator.get(`/api/admin/runs/unassigned?date=${date}&q=${encodeURIComponent(phone)}`);
    expect(byPhone.body.map((entry: { trackingCode: string }) => entry.trackingCode)).toEqual([b]);
    const none = await operator.get(`/api/admin/runs/unassigned?date=${date}&q=${encodeURIComponent('%_none')}`);
    expect(none.body).toEqual([]);
  });

  it("answers a driver today's run with its stops in order, or run: null", async () => {
    const today = localDay(new Date());
    const none = await team.driverB.client.get('/api/driver/run');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ date: today, run: null });

    const [a, b] = [await accepted(), await accepted()];
    const { id } = (await createRun(team.driverA.id, today)).body;
    await putStops(id, [b, a]);
    const mine = await team.driverA.client.get('/api/driver/run');
    expect([mine.body.date, mine.headers.get('cache-control')]).toEqual([today, 'private, no-store']);
    expect(mine.body.run).toMatchObject({ id, driverId: team.driverA.id, date: today });
    expect(codesOf(mine.body.run)).toEqual([b, a]);
    // Another driver's run is not theirs; an team.admin trying the driver app has none.
    expect((await team.driverB.client.get('/api/driver/run')).body.run).toBeNull();
    expect((await team.admin.get('/api/driver/run')).body).toEqual({ date: today, run: null });

    // A package deleted for good leaves the run with it.
    expect((await team.admin.request('DELETE', `/api/admin/packages/${b}`)).status).toBe(200);
    expect(codesOf((await team.driverA.client.get('/api/driver/run')).body.run)).toEqual([a]);
  });

  it("shows each stop's failed attempt of the run's day, from any phone, and none of another day", async () => {
    const today = localDay(new Date());
    const [a, b] = [await accepted(), await accepted()];
    const { id } = (await createRun(team.driverB.id, today)).body;
    await putStops(id, [a, b]);
    const at = new Date(Date.now() - 60_000).toISOString();
    const sent = await team.driverB.client.post('/api/driver/events', {
      events: [
        { id: randomUUID(), type: 'loaded', trackingCode: a, at },
        { id: randomUUID(), type: 'attempt_failed', trackingCode: a, at, reason: 'Nobody at home' },
      ],
    });
    expect(sent.body.results.map((result: { status: string }) => result.status)).toEqual(['applied', 'applied']);
    const stops = (await team.driverB.client.get('/api/driver/run')).body.run.stops as { attempt: unknown }[];
    expect(stops.map((stop) => stop.attempt)).toEqual([{ at, reason: 'Nobody at home' }, null]);
    // The same packages on tomorrow's run: today's attempt is not that day's.
    const tomorrow = localDay(new Date(Date.now() + 24 * 60 * 60 * 1000));
    const later = (await createRun(team.driverB.id, tomorrow)).body;
    await putStops(later.id, [a]);
    const [run] = (await team.admin.get(`/api/admin/runs?date=${tomorrow}`)).body as {
      stops: { attempt: unknown }[];
    }[];
    expect(run!.stops.map((stop) => stop.attempt)).toEqual([null]);
  });
});
