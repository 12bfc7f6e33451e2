import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetAnswered, isWaiting, listActions, openOutbox, updateAction } from './outbox-db.ts';
import { newEventId, recordAction } from './record-action.ts';

const DRIVER = 'kwame@example.com';

afterEach(async () => {
  const db = await openOutbox();
  await db.clear('actions');
});

describe('the outbox on the phone', () => {
  it('stores an action as waiting, with a fresh id and the moment it was taken', async () => {
    const at = new Date('2026-11-27T09:15:00.000Z');
    const id = await recordAction(
      DRIVER,
      { type: 'attempt_failed', trackingCode: 'ABC123', reason: 'Nobody at home' },
      at,
    );
    const [action] = await listActions(DRIVER);
    expect(action).toMatchObject({
      id,
      driver: DRIVER,
      state: 'waiting',
      takenAt: at.getTime(),
      event: { id, type: 'attempt_failed', trackingCode: 'ABC123', at: at.toISOString(), reason: 'Nobody at home' },
    });
    // Only the fields the action has travel: no empty note or receiver.
    expect(Object.keys(action!.event).sort()).toEqual(['at', 'id', 'reason', 'trackingCode', 'type']);
    expect(isWaiting(action!)).toBe(true);
  });

  it('keeps each driver’s actions apart, oldest first', async () => {
    await recordAction(DRIVER, { type: 'loaded', trackingCode: 'B' }, new Date(2_000));
    await recordAction('ama@example.com', { type: 'loaded', trackingCode: 'X' }, new Date(1_500));
    await recordAction(DRIVER, { type: 'loaded', trackingCode: 'A' }, new Date(1_000));
    expect((await listActions(DRIVER)).map((action) => action.event.trackingCode)).toEqual(['A', 'B']);
    expect((await listActions('ama@example.com')).map((action) => action.event.trackingCode)).toEqual(['X']);
  });

  it('counts a delivery as waiting until its images are sent too', async () => {
    const id = await recordAction(DRIVER, { type: 'delivered', trackingCode: 'C', receivedBy: 'Ama' });
    await updateAction(id, (action) => ({ ...action, state: 'sent', imagesState: 'waiting' }));
    expect(isWaiting((await listActions(DRIVER))[0]!)).toBe(true);
    await updateAction(id, (action) => ({ ...action, imagesState: 'sent' }));
    expect(isWaiting((await listActions(DRIVER))[0]!)).toBe(false);
  });

  it('forgets yesterday’s answered actions and keeps every one still waiting', async () => {
    const sent = await recordAction(DRIVER, { type: 'loaded', trackingCode: 'OLD' }, new Date(1_000));
    await updateAction(sent, (action) => ({ ...action, state: 'sent' }));
    await recordAction(DRIVER, { type: 'loaded', trackingCode: 'STILL' }, new Date(1_000));
    const today = await recordAction(DRIVER, { type: 'loaded', trackingCode: 'TODAY' }, new Date(9_000));
    await updateAction(today, (action) => ({ ...action, state: 'sent' }));
    await forgetAnswered(DRIVER, 5_000);
    expect((await listActions(DRIVER)).map((action) => action.event.trackingCode)).toEqual(['STILL', 'TODAY']);
  });

  it('makes version 4 UUIDs, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newEventId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
