import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAnswered, isWaiting, listActions, openOutbox, updateAction } from './outbox-db.ts';
import { newEventId, recordAction } from './record-action.ts';
import { syncOutbox } from './sync.ts';

const DRIVER = 'kwame@example.com';

/**
 * A browser's IndexedDB keeps a Blob; fake-indexeddb clones with Node's structuredClone, which cannot
 * clone jsdom's Blob and would store an empty object. This clone keeps Blobs, as the browser does.
 */
const nodeClone = globalThis.structuredClone;
function cloneKeepingBlobs<T>(value: T): T {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneKeepingBlobs(item)])) as T;
  }
  return nodeClone(value);
}

afterEach(async () => {
  vi.unstubAllGlobals();
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

  it('keeps a failed attempt with its note and photo, and sends the photo once the server applied the attempt', async () => {
    vi.stubGlobal('structuredClone', cloneKeepingBlobs);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    const id = await recordAction(DRIVER, {
      type: 'attempt_failed',
      trackingCode: 'D',
      reason: 'Nobody at home',
      note: 'Card under the door',
      photo,
    });
    const [stored] = await listActions(DRIVER);
    expect(stored?.event).toMatchObject({ reason: 'Nobody at home', note: 'Card under the door' });
    expect(stored?.photo?.size).toBe(4);
    expect(stored?.signature).toBeUndefined();

    // The server: the batch first, the photo after it; the first photo upload meets a server restarting.
    const requests: { path: string; method: string; body: unknown }[] = [];
    let photoAnswers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        requests.push({ path, method: init.method ?? 'GET', body: init.body });
        if (path === '/api/driver/events') {
          return Response.json({
            results: [{ id, status: 'applied', package: { trackingCode: 'D', status: 'Out for Delivery' } }],
          });
        }
        photoAnswers += 1;
        if (photoAnswers === 1) return new Response('', { status: 503 });
        return Response.json({ id, trackingCode: 'D', photo: true, signature: false });
      }),
    );
    const sync = () => syncOutbox({ driver: DRIVER, xsrfToken: async () => 'token' });

    expect(await sync()).toBe('offline');
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/driver/events',
      `PUT /api/driver/events/${id}/photo`,
    ]);
    expect(JSON.parse(requests[0]!.body as string).events[0]).toMatchObject({ note: 'Card under the door' });
    const sent = requests[1]!.body as FormData;
    expect((sent.get('photo') as Blob).size).toBe(4);
    expect(sent.get('signature')).toBeNull();
    // Applied, its photo still to go: waiting, the photo kept.
    let [action] = await listActions(DRIVER);
    expect(action).toMatchObject({ state: 'sent', imagesState: 'waiting' });
    expect(action?.photo?.size).toBe(4);
    expect(isWaiting(action!)).toBe(true);

    expect(await sync()).toBe('done');
    expect(requests.map((request) => request.method)).toEqual(['POST', 'PUT', 'PUT']);
    [action] = await listActions(DRIVER);
    expect(action).toMatchObject({ state: 'sent', imagesState: 'sent' });
    expect(action?.photo).toBeUndefined();
    expect(isWaiting(action!)).toBe(false);
  });

  it('sends three photos at a time, and ends every upload under way before a pass stopped by one ends', async () => {
    vi.stubGlobal('structuredClone', cloneKeepingBlobs);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    const ids: string[] = [];
    // A second apart, so the outbox's order (oldest first) is the order they were taken in.
    for (const [index, code] of ['P1', 'P2', 'P3', 'P4', 'P5'].entries()) {
      const at = new Date(Date.UTC(2026, 10, 27, 9, 0, index));
      const id = await recordAction(DRIVER, { type: 'delivered', trackingCode: code, receivedBy: 'Ama', photo }, at);
      await updateAction(id, (action) => ({ ...action, state: 'sent', imagesState: 'waiting' }));
      ids.push(id);
    }
    // Each upload waits until the test answers it: the second meets a restarting server while the first
    // and third are still under way.
    const waiting = new Map<string, (response: Response) => void>();
    let atOnce = 0;
    let most = 0;
    let ended = 0;
    const started: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const id = path.split('/')[4]!;
        started.push(id);
        atOnce += 1;
        most = Math.max(most, atOnce);
        const response = await new Promise<Response>((resolve) => waiting.set(id, resolve));
        atOnce -= 1;
        ended += 1;
        return response;
      }),
    );
    const pass = syncOutbox({ driver: DRIVER, xsrfToken: async () => 'token' });
    await vi.waitFor(() => expect(started).toHaveLength(3), { timeout: 10_000 });
    const answer = (id: string) => Response.json({ id, trackingCode: 'P', photo: true, signature: false });
    waiting.get(ids[1]!)!(new Response('', { status: 503 }));
    // A task later the refusal has stopped the pass from taking more; the two under way are answered.
    await new Promise((resolve) => setTimeout(resolve, 0));
    waiting.get(ids[0]!)!(answer(ids[0]!));
    waiting.get(ids[2]!)!(answer(ids[2]!));
    expect(await pass).toBe('offline');
    expect(most).toBe(3);
    // Nothing still in flight once the pass has ended, and no new upload after the refusal.
    expect(ended).toBe(started.length);
    expect(started).toEqual(ids.slice(0, 3));
    const states = new Map((await listActions(DRIVER)).map((action) => [action.id, action.imagesState]));
    expect(ids.map((id) => states.get(id))).toEqual(['sent', 'waiting', 'sent', 'waiting', 'waiting']);
  });

  it('sends the events up to the first delivery with images first, and uploads its images while the rest go', async () => {
    vi.stubGlobal('structuredClone', cloneKeepingBlobs);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/webp' });
    const loaded = await recordAction(DRIVER, { type: 'loaded', trackingCode: 'L1' }, new Date(1_000));
    const delivered = await recordAction(
      DRIVER,
      { type: 'delivered', trackingCode: 'L1', receivedBy: 'Ama', photo },
      new Date(2_000),
    );
    const later = await recordAction(DRIVER, { type: 'loaded', trackingCode: 'L2' }, new Date(3_000));
    const started: string[] = [];
    let answerLastBatch: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        if (path === '/api/driver/events') {
          const ids = (JSON.parse(init.body as string) as { events: { id: string }[] }).events.map((event) => event.id);
          started.push(`POST ${ids.join(',')}`);
          // The second batch is answered only once the photo's upload has started beside it.
          if (ids.includes(later)) await new Promise<void>((resolve) => (answerLastBatch = resolve));
          return Response.json({ results: ids.map((id) => ({ id, status: 'applied' })) });
        }
        started.push(`PUT ${path.split('/')[4]}`);
        return Response.json({ id: delivered, trackingCode: 'L1', photo: true, signature: false });
      }),
    );
    const pass = syncOutbox({ driver: DRIVER, xsrfToken: async () => 'token' });
    await vi.waitFor(() => expect(started).toHaveLength(3), { timeout: 10_000 });
    expect(started[0]).toBe(`POST ${loaded},${delivered}`);
    expect(started.slice(1).sort()).toEqual([`POST ${later}`, `PUT ${delivered}`].sort());
    answerLastBatch?.();
    expect(await pass).toBe('done');
    expect((await listActions(DRIVER)).filter(isWaiting)).toEqual([]);
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
