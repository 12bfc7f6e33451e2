// What a driver's phone sends, event by event: the refusals (another driver's stop, a reassigned one, a
// delivered, unknown or deleted package, a bad time, type, reason or id, the same id with another body);
// the effects (Out for Delivery at the depot, Delivered with its proof, failed attempts up to Returning
// to sender and its e-mail); and the photo of a delivery. Replays, races and a batch's time are in
// driver-events-batches.test.ts. *Both databases*: the row locks and the transaction decide the outcomes.
import { randomUUID } from 'node:crypto';
import {
  ALREADY_DELIVERED,
  DRIVER_EVENT_BEFORE_RUN,
  DRIVER_EVENT_ID_REUSED,
  DRIVER_EVENT_IN_FUTURE,
  driverEventTooOld,
  FAILURE_REASON_UNKNOWN,
  NOT_ON_YOUR_RUN,
  ON_NO_RUN,
  PACKAGE_NOT_FOUND,
  RECEIVED_BY_REQUIRED,
  STOP_REASSIGNED,
} from '@waybill/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { imageBytes } from '../../../test/support/factories.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { driverRuns, readyPackages, roadEvent, roadTeam, sendEvents } from '../../../test/support/road.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, deliveryProofs, driverEvents, locationUpdates, packages } from '../../db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databasesFor('sql'))('driver events on %s', (kind) => {
  const team = roadTeam(kind);

  const db = () => team.testApp.app.db;

  const { runs, onRun } = driverRuns(
    () => team.testApp,
    () => team.admin,
  );
  const acceptedPackages = (n: number) => readyPackages(team.testApp, n);
  const event = roadEvent;
  const send = sendEvents;
  const statusOf = async (code: string) =>
    (await db().select({ status: packages.status }).from(packages).where(eq(packages.trackingCode, code)))[0]?.status;
  const updatesOf = async (code: string) =>
    db()
      .select({ location: locationUpdates.location, timestamp: locationUpdates.timestamp })
      .from(locationUpdates)
      .innerJoin(packages, eq(packages.id, locationUpdates.packageId))
      .where(eq(packages.trackingCode, code))
      .orderBy(locationUpdates.timestamp);
  const storedEvents = async () => (await db().select({ n: count() }).from(driverEvents))[0]!.n;

  it('loaded: Out for Delivery with a location update at the depot, timed on the road, by the driver', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    const at = new Date(Date.now() - 5 * 60_000);
    const sent = event('loaded', code!, { at: at.toISOString() });
    const answer = await send(team.driverA.client, [sent]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      results: [{ id: sent.id, status: 'applied', package: { trackingCode: code, status: 'Out for Delivery' } }],
    });
    expect(await updatesOf(code!)).toEqual([{ location: 'Waybill depot', timestamp: at }]);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, code!))
      .orderBy(auditLog.at, auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['package.status_changed', team.driverA.id],
      ['package.location_added', team.driverA.id],
    ]);
    // out_for_delivery after loaded changes nothing more.
    const again = await send(team.driverA.client, [event('out_for_delivery', code!)]);
    expect(again.body.results[0]).toMatchObject({ status: 'applied', package: { status: 'Out for Delivery' } });
    expect(await updatesOf(code!)).toHaveLength(1);
  });

  it('the same id with another body is refused 409 and changes nothing', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    const sent = event('loaded', code!);
    await send(team.driverA.client, [sent]);
    const other = await send(team.driverA.client, [{ ...sent, type: 'attempt_failed', reason: 'Business closed' }]);
    expect(other.body.results).toEqual([
      { id: sent.id, status: 'refused', code: 409, message: DRIVER_EVENT_ID_REUSED },
    ]);
    expect(await updatesOf(code!)).toHaveLength(1);
    // Another driver sending the same id and body is no repeat of theirs.
    const stolen = await send(team.driverB.client, [sent]);
    expect(stolen.body.results[0]).toMatchObject({ status: 'refused', code: 409 });
  });

  it("refuses a driver another driver's stop (403) and a stop reassigned since (409); an admin acts on any run", async () => {
    const [mine, moved] = await onRun(team.driverA.id, 2);
    const refused = await send(team.driverB.client, [event('loaded', mine!)]);
    expect(refused.body.results[0]).toMatchObject({ status: 'refused', code: 403, message: NOT_ON_YOUR_RUN });
    expect(await statusOf(mine!)).toBe('Order Placed');

    expect((await send(team.driverA.client, [event('loaded', moved!)])).body.results[0].status).toBe('applied');
    const runA = runs.get(team.driverA.id)!;
    runA.codes = runA.codes.filter((c) => c !== moved);
    await onRun(team.driverB.id, 0);
    const runB = runs.get(team.driverB.id)!;
    runB.codes.push(moved!);
    expect(
      (await team.admin.request('PUT', `/api/admin/runs/${runB.id}/stops`, { json: { trackingCodes: runB.codes } }))
        .status,
    ).toBe(200);
    const late = await send(team.driverA.client, [event('attempt_failed', moved!, { reason: 'Nobody at home' })]);
    expect(late.body.results[0]).toMatchObject({ status: 'refused', code: 409, message: STOP_REASSIGNED });

    expect((await send(team.admin, [event('loaded', mine!)])).body.results[0]).toMatchObject({
      status: 'applied',
      package: { status: 'Out for Delivery' },
    });
    const [loose] = await acceptedPackages(1);
    expect((await send(team.admin, [event('loaded', loose!)])).body.results[0]).toMatchObject({
      code: 403,
      message: ON_NO_RUN,
    });
  });

  it('delivered: Delivered with its proof at the time on the road; a later event is refused 409 with why', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    const at = new Date(Date.now() - 3 * 60_000);
    const noName = await send(team.driverA.client, [event('delivered', code!)]);
    expect(noName.body.results[0]).toMatchObject({ code: 400, message: RECEIVED_BY_REQUIRED });
    const done = await send(team.driverA.client, [
      event('delivered', code!, { receivedBy: 'Kofi Mensah', at: at.toISOString() }),
    ]);
    expect(done.body.results[0]).toMatchObject({ status: 'applied', package: { status: 'Delivered' } });
    const [proof] = await db()
      .select()
      .from(deliveryProofs)
      .innerJoin(packages, eq(packages.id, deliveryProofs.packageId))
      .where(eq(packages.trackingCode, code!));
    expect(proof?.delivery_proofs).toMatchObject({
      receivedBy: 'Kofi Mensah',
      deliveredAt: at,
      recordedBy: team.driverA.id,
    });
    const after = await send(team.driverA.client, [event('attempt_failed', code!, { reason: 'Nobody at home' })]);
    expect(after.body.results[0]).toMatchObject({ status: 'refused', code: 409, message: ALREADY_DELIVERED });
  });

  it('answers 404 for an unknown or deleted package', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    expect((await team.admin.request('DELETE', `/api/admin/packages/${code}`)).status).toBe(200);
    const run = runs.get(team.driverA.id)!;
    run.codes = run.codes.filter((c) => c !== code);
    const answer = await send(team.driverA.client, [event('loaded', code!), event('loaded', 'WB-NOSUCHCODE')]);
    expect(answer.body.results.map((r: { code: number; message: string }) => [r.code, r.message])).toEqual([
      [404, PACKAGE_NOT_FOUND],
      [404, PACKAGE_NOT_FOUND],
    ]);
  });

  it('refuses bad events one by one (400) and applies the good ones of the same batch', async () => {
    const [code, early] = await onRun(team.driverA.id, 2);
    const now = Date.now();
    const batch = [
      event('loaded', code!, { at: new Date(now + 10 * 60_000).toISOString() }),
      event('loaded', code!, { at: new Date(now - 8 * DAY_MS).toISOString() }),
      event('loaded', code!, { at: 'yesterday' }),
      event('teleported', code!),
      { ...event('loaded', code!), id: 'not-a-uuid' },
      event('attempt_failed', code!, { reason: 'Dog on the porch' }),
      event('note', code!, { note: 'x'.repeat(501) }),
      event('loaded', early!, { at: new Date(now - DAY_MS).toISOString() }),
      // One minute ahead: within the two minutes a phone's clock may run fast.
      event('loaded', code!, { at: new Date(now + 60_000).toISOString() }),
    ];
    const answer = await send(team.driverA.client, batch);
    expect(answer.status).toBe(200);
    const results = answer.body.results as { id: string; status: string; code?: number; message?: string }[];
    expect(results.map((r) => r.id)).toEqual(batch.map((e) => e.id));
    expect(results.map((r) => r.code ?? r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 'applied']);
    expect(results[0]!.message).toBe(DRIVER_EVENT_IN_FUTURE);
    expect(results[1]!.message).toBe(driverEventTooOld(7));
    expect(results[5]!.message).toBe(FAILURE_REASON_UNKNOWN);
    expect(results[7]!.message).toBe(DRIVER_EVENT_BEFORE_RUN);
    expect(await statusOf(early!)).toBe('Order Placed');
    expect(await updatesOf(code!)).toHaveLength(1);
    const stored = await db()
      .select({ id: driverEvents.id })
      .from(driverEvents)
      .where(inArray(driverEvents.trackingCode, [code!, early!]));
    expect(stored.map((row) => row.id)).toEqual([batch[8]!.id]);
  });

  it('refuses more than 200 events as a whole, storing nothing', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    const before = await storedEvents();
    const answer = await send(
      team.driverA.client,
      Array.from({ length: 201 }, () => event('note', code!, { note: 'n' })),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Send at most 200 events at once');
    expect(await storedEvents()).toBe(before);
  });

  it('the third failed attempt makes the package Returning to sender and e-mails the customers', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    const reasons = ['Nobody at home', 'Address not found', 'Business closed'];
    const statuses: string[] = [];
    for (const [index, reason] of reasons.entries()) {
      const at = new Date(Date.now() - (3 - index) * 60_000).toISOString();
      const answer = await send(team.driverA.client, [event('attempt_failed', code!, { reason, at })]);
      statuses.push(answer.body.results[0].package.status);
    }
    expect(statuses).toEqual(['Order Placed', 'Order Placed', 'Returning to sender']);
    expect((await updatesOf(code!)).map((u) => u.location)).toEqual(reasons.map((r) => `Delivery attempted: ${r}`));
    await team.testApp.app.packageEvents.runOnce();
    const [pkg] = await db()
      .select({ id: packages.id, email: packages.email, receiverEmail: packages.receiverEmail })
      .from(packages)
      .where(eq(packages.trackingCode, code!));
    // The shipper hears it from the last attempt's e-mail, the receiver from the status e-mail (record 44).
    const mails = (await findOutboxMessages(db())).filter((row) => {
      const payload = row.payload as { detail: string; attempt?: { returning: boolean } };
      return row.packageId === pkg!.id && (payload.detail === 'Returning to sender' || payload.attempt?.returning);
    });
    expect(mails.map((row) => row.to).sort()).toEqual([pkg!.email, pkg!.receiverEmail]);
    // Nothing more to do on the road.
    const more = await send(team.driverA.client, [event('loaded', code!)]);
    expect(more.body.results[0]).toMatchObject({ status: 'refused', code: 409 });
    expect(
      (
        await db()
          .select({ n: count() })
          .from(driverEvents)
          .where(and(eq(driverEvents.trackingCode, code!), eq(driverEvents.outcome, 'applied')))
      )[0]!.n,
    ).toBe(3);
  });

  it('adds the photo and signature of a delivery to its proof, checked by their bytes', async () => {
    const [code, loaded] = await onRun(team.driverA.id, 2);
    const delivered = event('delivered', code!, { receivedBy: 'Kofi Mensah' });
    const other = event('loaded', loaded!);
    await send(team.driverA.client, [delivered, other]);
    const form = (name: string, data: Uint8Array, type: string) => {
      const body = new FormData();
      body.append(name, new Blob([data], { type }), `${name}.bin`);
      return body;
    };
    const photoOf = (id: unknown, body: FormData, client = team.driverA.client) =>
      client.request('PUT', `/api/driver/events/${id}/photo`, { form: body });
    const png = new Uint8Array(await imageBytes());

    const notImage = await photoOf(delivered.id, form('photo', new TextEncoder().encode('hello'), 'image/png'));
    expect(notImage.status).toBe(400);
    expect((await photoOf(delivered.id, form('photo', png, 'image/png'), team.driverB.client)).status).toBe(403);
    expect((await photoOf(other.id, form('photo', png, 'image/png'))).status).toBe(409);
    expect((await photoOf(randomUUID(), form('photo', png, 'image/png'))).status).toBe(404);

    const added = await photoOf(delivered.id, form('photo', png, 'image/png'));
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: delivered.id, trackingCode: code, photo: true, signature: false });
    const signed = await photoOf(delivered.id, form('signature', png, 'image/png'));
    expect(signed.body).toMatchObject({ photo: true, signature: true });
    const [proof] = await db()
      .select()
      .from(deliveryProofs)
      .innerJoin(packages, eq(packages.id, deliveryProofs.packageId))
      .where(eq(packages.trackingCode, code!));
    expect(proof?.delivery_proofs).toMatchObject({ receivedBy: 'Kofi Mensah' });
    expect(proof?.delivery_proofs.photoKey).toMatch(/\.proof\.webp$/);
    expect(proof?.delivery_proofs.signatureKey).toMatch(/\.signature\.png$/);
  });
});
