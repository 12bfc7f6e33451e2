// What the road tells operators (docs/decisions/0048): the note of a failed attempt and of a note event,
// kept and shown to operators newest first, never to the public; the photo of a failed attempt, sent
// after it (a signature refused), replaced when sent again, served to operators only; both forgotten
// with the package. *Both databases*: the events' rows and their photo's lock.
import { randomUUID } from 'node:crypto';
import {
  ATTEMPT_PHOTO_ONLY,
  DRIVERS_USE_DRIVER_APP,
  EVENT_NOT_DELIVERED,
  NOT_YOUR_EVENT,
  NOTE_CONTROL,
  NOTE_REQUIRED,
  noteTooLong,
  packageRoadSchema,
} from '@waybill/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { imageBytes } from '../../../../test/support/factories.ts';
import { drive, driverRuns, minutesAgoToday, roadEvent, roadTeam, sendEvents } from '../../../../test/support/road.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { driverEvents } from '../../../db/schema/index.ts';

/** A word no other text of the package holds: found nowhere public. */
const SECRET = 'Quokkaberry';

describe.each(databasesFor('sql'))('what the road tells operators on %s', (kind) => {
  const team = roadTeam(kind);

  const { onRun } = driverRuns(
    () => team.testApp,
    () => team.admin,
  );
  const roadOf = async (code: string, client = team.admin) => {
    const answer = await client.get(`/api/admin/packages/${code}/road`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    return packageRoadSchema.parse(answer.body).entries;
  };
  const photoForm = (name: 'photo' | 'signature', bytes: Uint8Array) => {
    const form = new FormData();
    form.append(name, new Blob([bytes], { type: 'image/png' }), `${name}.png`);
    return form;
  };
  const sendPhoto = (id: string, form: FormData, client = team.driverA.client) =>
    client.request('PUT', `/api/driver/events/${id}/photo`, { form });
  const keysOf = async (id: string) =>
    (
      await team.testApp.app.db
        .select({ photoKey: driverEvents.photoKey, thumbnail: driverEvents.photoThumbnailKey, note: driverEvents.note })
        .from(driverEvents)
        .where(eq(driverEvents.id, id))
    )[0]!;

  it('keeps the notes of an attempt and of a note event, shown to operators newest first and never to the public', async () => {
    const [code, quiet] = await onRun(team.driverA.id, 2);
    const attempt = roadEvent('attempt_failed', code!, {
      reason: 'Nobody at home',
      note: `  Left a card under the ${SECRET} pot\nby the door  `,
      at: minutesAgoToday(20),
    });
    const note = roadEvent('note', code!, { note: 'Dog in the garden', at: minutesAgoToday(10) });
    await drive(team.driverA.client, [roadEvent('loaded', code!, { at: minutesAgoToday(30) }), attempt, note]);
    await drive(team.driverA.client, [roadEvent('attempt_failed', quiet!, { reason: 'Business closed' })]);

    expect(await roadOf(code!)).toEqual([
      {
        id: note.id,
        type: 'note',
        at: note.at,
        driverName: 'Ama Driver',
        reason: null,
        note: 'Dog in the garden',
        photoUrl: null,
        photoThumbnailUrl: null,
      },
      {
        id: attempt.id,
        type: 'attempt_failed',
        at: attempt.at,
        driverName: 'Ama Driver',
        reason: 'Nobody at home',
        note: `Left a card under the ${SECRET} pot\nby the door`,
        photoUrl: null,
        photoThumbnailUrl: null,
      },
    ]);
    // An attempt without a note, and the loaded event: nothing of the second, only the attempt of the first.
    expect(await roadOf(quiet!)).toMatchObject([{ type: 'attempt_failed', reason: 'Business closed', note: null }]);

    const tracked = await team.testApp.client().get(`/api/track/${code}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body.attempt).toMatchObject({ reason: 'Nobody at home' });
    for (const secret of [SECRET, 'Dog in the garden', 'Left a card']) expect(tracked.text).not.toContain(secret);

    // Operators only: a visitor 401, a driver 403.
    expect((await team.testApp.client().get(`/api/admin/packages/${code}/road`)).status).toBe(401);
    const asDriver = await team.driverA.client.get(`/api/admin/packages/${code}/road`);
    expect(asDriver.status).toBe(403);
    expect(asDriver.body.message).toBe(DRIVERS_USE_DRIVER_APP);
    expect((await team.admin.get('/api/admin/packages/WB0000000000/road')).status).toBe(404);
  });

  it('refuses a note with control characters, too long, or a note event without one: per event, storing nothing', async () => {
    const [code] = await onRun(team.driverA.id, 1);
    const events = [
      roadEvent('attempt_failed', code!, { reason: 'Nobody at home', note: 'Bell\u0007 broken' }),
      roadEvent('note', code!, { note: 'Tab\there' }),
      roadEvent('note', code!, { note: 'x'.repeat(501) }),
      roadEvent('note', code!, { note: '   ' }),
      roadEvent('note', code!),
    ];
    const answer = await sendEvents(team.driverA.client, events);
    expect(answer.status).toBe(200);
    expect(
      answer.body.results.map((result: { code: number; message: string }) => [result.code, result.message]),
    ).toEqual([
      [400, NOTE_CONTROL],
      [400, NOTE_CONTROL],
      [400, noteTooLong(500)],
      [400, NOTE_REQUIRED],
      [400, NOTE_REQUIRED],
    ]);
    const stored = await team.testApp.app.db
      .select({ n: count() })
      .from(driverEvents)
      .where(eq(driverEvents.trackingCode, code!));
    expect(stored[0]!.n).toBe(0);
    expect(await roadOf(code!)).toEqual([]);
    // 500 characters, exactly, is taken.
    await drive(team.driverA.client, [roadEvent('note', code!, { note: 'y'.repeat(500) })]);
    expect((await roadOf(code!))[0]?.note).toHaveLength(500);
  });

  it("takes a failed attempt's photo (no signature), replaces it when sent again, and serves it to operators only", async () => {
    const [code, other] = await onRun(team.driverA.id, 2);
    const attempt = roadEvent('attempt_failed', code!, { reason: 'Address not found' });
    const loaded = roadEvent('loaded', other!);
    await drive(team.driverA.client, [attempt, loaded]);
    const png = new Uint8Array(await imageBytes());

    const signed = await sendPhoto(attempt.id, photoForm('signature', png));
    expect(signed.status).toBe(400);
    expect(signed.body.message).toBe(ATTEMPT_PHOTO_ONLY);
    const notLoaded = await sendPhoto(loaded.id, photoForm('photo', png));
    expect(notLoaded.status).toBe(409);
    expect(notLoaded.body.message).toBe(EVENT_NOT_DELIVERED);
    const notHers = await sendPhoto(attempt.id, photoForm('photo', png), team.driverB.client);
    expect(notHers.status).toBe(403);
    expect(notHers.body.message).toBe(NOT_YOUR_EVENT);
    expect((await sendPhoto(attempt.id, photoForm('photo', new TextEncoder().encode('hello')))).status).toBe(400);
    expect(await keysOf(attempt.id)).toMatchObject({ photoKey: null, thumbnail: null });

    const added = await sendPhoto(attempt.id, photoForm('photo', png));
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: attempt.id, trackingCode: code, photo: true, signature: false });
    const first = await keysOf(attempt.id);
    expect(first.photoKey).toMatch(/^[0-9a-f-]{36}\.attempt\.webp$/);
    expect(first.thumbnail).toMatch(/^[0-9a-f-]{36}-thumb\.attempt\.webp$/);
    const [entry] = await roadOf(code!);
    expect(entry).toMatchObject({
      photoUrl: `/api/admin/packages/${code}/road/${attempt.id}/photo`,
      photoThumbnailUrl: `/api/admin/packages/${code}/road/${attempt.id}/thumbnail`,
    });

    const served = await team.admin.get(entry!.photoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect((await team.admin.get(entry!.photoThumbnailUrl!)).status).toBe(200);
    expect((await team.testApp.client().get(entry!.photoUrl!)).status).toBe(401);
    expect((await team.driverA.client.get(entry!.photoUrl!)).status).toBe(403);
    // Never under the public /uploads, whatever its name.
    expect((await team.testApp.client().get(`/uploads/${first.photoKey}`)).status).toBe(404);
    // Another package's address, or an event with no photo: 404.
    expect((await team.admin.get(`/api/admin/packages/${other}/road/${attempt.id}/photo`)).status).toBe(404);
    expect((await team.admin.get(`/api/admin/packages/${code}/road/${randomUUID()}/photo`)).status).toBe(404);

    // Sent again: the new photo replaces the old, whose files are removed.
    const again = await sendPhoto(attempt.id, photoForm('photo', new Uint8Array(await imageBytes('jpeg'))));
    expect(again.status).toBe(200);
    const second = await keysOf(attempt.id);
    expect(second.photoKey).not.toBe(first.photoKey);
    await expect(team.testApp.app.storage.read(first.photoKey!)).rejects.toThrow();
    await expect(team.testApp.app.storage.read(first.thumbnail!)).rejects.toThrow();
    expect((await team.testApp.app.storage.read(second.photoKey!)).length).toBeGreaterThan(0);

    // The package deleted: its attempt's photo and notes go with it; the event's row stays.
    expect((await team.admin.request('DELETE', `/api/admin/packages/${code}`)).status).toBe(200);
    expect(await keysOf(attempt.id)).toEqual({ photoKey: null, thumbnail: null, note: null });
    await expect(team.testApp.app.storage.read(second.photoKey!)).rejects.toThrow();
  });
});
