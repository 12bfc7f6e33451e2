// Sending the outbox: the waiting events in batches (oldest first, at most the server's batch), then
// the images of the applied deliveries, a few at a time. Runs in the page (on reconnect, on an interval, after each
// action) and in the service worker (Background Sync, where the browser has it); one at a time per
// phone (the Web Locks API, where there is one), so two senders never post the same batch at once —
// and if they did, the server applies each id once.
import {
  type DriverEventsAnswer,
  driverEventPhotoSchema,
  driverEventsAnswerSchema,
  MAX_DRIVER_EVENTS,
} from '@waybill/domain/driver-answers';
import { announceOutboxChange } from './channel.ts';
import { isWaiting, listActions, type OutboxAction, updateAction } from './outbox-db.ts';

const LOCK = 'waybill-driver-outbox';
const XSRF_HEADER = 'X-XSRF-TOKEN';
/** A request that hangs longer is taken for a lost connection; what it carried stays waiting. */
const REQUEST_TIMEOUT_MS = 60_000;

export interface SyncOptions {
  driver: string;
  /** The anti-forgery token of the session (the page reads its cookie; the worker, the cookie store). */
  xsrfToken: () => Promise<string | undefined>;
}

/** How a pass ended: everything answered, the connection lost, or the session gone (sign in again). */
export type SyncOutcome = 'done' | 'offline' | 'signed-out';

/** One pass over the outbox, under the phone's outbox lock when the browser has locks. */
export async function syncOutbox(options: SyncOptions): Promise<SyncOutcome> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return syncPass(options);
  return locks.request(LOCK, () => syncPass(options));
}

class Stop extends Error {
  constructor(readonly outcome: Exclude<SyncOutcome, 'done'>) {
    super(outcome);
  }
}

async function syncPass(options: SyncOptions): Promise<SyncOutcome> {
  // The browser knows it has no network: no request (each would only fail, and log that it did).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  const uploads = imageUploads(options);
  try {
    // Images whose events an earlier pass sent go at once; the others as soon as their batch is answered,
    // while the next batch is on its way.
    await uploads.take();
    try {
      await sendEvents(options, uploads);
    } finally {
      await uploads.end();
    }
    return 'done';
  } catch (error) {
    if (error instanceof Stop) return error.outcome;
    throw error;
  } finally {
    announceOutboxChange();
  }
}

async function send(path: string, init: RequestInit, options: SyncOptions): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = await options.xsrfToken();
  if (token) headers.set(XSRF_HEADER, token);
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new Stop('offline');
  }
  // No session (or one that is not a driver's any more): the actions wait for the next sign-in.
  if (response.status === 401 || response.status === 403) throw new Stop('signed-out');
  // The server or a proxy failing: try again later, as if offline.
  if (response.status >= 500 || response.status === 429) throw new Stop('offline');
  return response;
}

const hasImages = (action: OutboxAction) => action.photo !== undefined || action.signature !== undefined;

async function sendEvents(options: SyncOptions, uploads: ImageUploads): Promise<void> {
  for (let first = true; ; first = false) {
    uploads.check();
    const waiting = (await listActions(options.driver)).filter((action) => action.state === 'waiting');
    if (waiting.length === 0) return;
    // The first batch ends with the first action that has images, so that their upload starts while
    // the rest of the events are on their way (a day's loading at the depot comes before its first
    // delivery): the uplink is busy from the first answer on.
    const withImages = first ? waiting.findIndex(hasImages) : -1;
    const batch = waiting.slice(0, withImages >= 0 ? Math.min(withImages + 1, MAX_DRIVER_EVENTS) : MAX_DRIVER_EVENTS);
    const response = await send(
      '/api/driver/events',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ events: batch.map((action) => action.event) }),
      },
      options,
    );
    const answer = await readAnswer(response, driverEventsAnswerSchema);
    await recordResults(batch, answer);
    await uploads.take();
  }
}

async function readAnswer<T>(
  response: Response,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Stop('offline');
  }
  const parsed = schema.safeParse(body);
  // A batch refused whole (never by this app's own batches) or an answer this page cannot read: stop,
  // and keep every action waiting rather than lose one.
  if (!response.ok || !parsed.success) throw new Stop('offline');
  return parsed.data;
}

async function recordResults(batch: OutboxAction[], answer: DriverEventsAnswer): Promise<void> {
  const results = new Map(answer.results.map((result) => [result.id.toLowerCase(), result]));
  const answeredAt = Date.now();
  let answered = 0;
  for (const action of batch) {
    const result = results.get(action.id.toLowerCase());
    if (!result) continue;
    answered += 1;
    await updateAction(action.id, (current) => {
      if (result.status === 'refused') {
        return {
          ...current,
          state: 'refused',
          message: result.message,
          answeredAt,
          photo: undefined,
          signature: undefined,
        };
      }
      const hasImages = current.photo !== undefined || current.signature !== undefined;
      return { ...current, state: 'sent', answeredAt, imagesState: hasImages ? 'waiting' : undefined };
    });
  }
  // An answer that names none of the batch's events would send the same batch forever.
  if (answered === 0) throw new Stop('offline');
}

/**
 * Uploads at once: each waits a round trip and the server's check of the image before its bytes
 * flow, so a few side by side keep a slow uplink busy; more would only split it.
 */
const IMAGE_UPLOADS_AT_ONCE = 3;

interface ImageUploads {
  /** Queues the images of every sent action not yet queued, and starts uploaders for them. */
  take(): Promise<void>;
  /** Throws what stopped the uploads, if anything did: no more events are sent then. */
  check(): void;
  /** Waits for every upload under way, then throws what stopped them, if anything did. */
  end(): Promise<void>;
}

function imageUploads(options: SyncOptions): ImageUploads {
  const queue: OutboxAction[] = [];
  const queued = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopped: Stop | undefined;
  let failed: { error: unknown } | undefined;
  const uploader = async () => {
    while (!stopped && !failed && queue.length > 0) {
      const action = queue.shift()!;
      try {
        await sendImagesOf(action, options);
      } catch (error) {
        if (error instanceof Stop) stopped ??= error;
        else failed ??= { error };
      }
    }
  };
  const check = () => {
    if (failed) throw failed.error;
    if (stopped) throw stopped;
  };
  return {
    async take() {
      const ready = (await listActions(options.driver)).filter(
        (action) => action.state === 'sent' && action.imagesState === 'waiting' && !queued.has(action.id),
      );
      for (const action of ready) {
        queued.add(action.id);
        queue.push(action);
      }
      while (running.size < IMAGE_UPLOADS_AT_ONCE && queue.length > 0 && !stopped && !failed) {
        const started = uploader().finally(() => running.delete(started));
        running.add(started);
      }
    },
    check,
    // Every upload under way ends before the pass does (and so before the outbox lock is let go).
    async end() {
      while (running.size > 0) await Promise.allSettled([...running]);
      check();
    },
  };
}

async function sendImagesOf(action: OutboxAction, options: SyncOptions): Promise<void> {
  const form = new FormData();
  // The server decides the type from the bytes; the name only follows them for whoever reads the request.
  if (action.photo) form.append('photo', action.photo, action.photo.type === 'image/webp' ? 'photo.webp' : 'photo.jpg');
  if (action.signature) form.append('signature', action.signature, 'signature.png');
  const response = await send(
    `/api/driver/events/${encodeURIComponent(action.id)}/photo`,
    { method: 'PUT', body: form },
    options,
  );
  if (response.ok) {
    await readAnswer(response, driverEventPhotoSchema);
    await updateAction(action.id, (current) => ({
      ...current,
      imagesState: 'sent',
      photo: undefined,
      signature: undefined,
    }));
    return;
  }
  const message = await response
    .json()
    .then((body: { message?: unknown }) => (typeof body.message === 'string' ? body.message : undefined))
    .catch(() => undefined);
  await updateAction(action.id, (current) => ({
    ...current,
    imagesState: 'refused',
    message: message ?? `The photo was refused (${response.status})`,
    photo: undefined,
    signature: undefined,
  }));
}

/** How many actions of the driver still wait for the server. */
export async function countWaiting(driver: string): Promise<number> {
  return (await listActions(driver)).filter(isWaiting).length;
}
