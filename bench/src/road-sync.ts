// The driver app's outbox sent on slow 4G: 120 actions taken offline (60 stops loaded, 40 delivered with
// a photo and a signature, 20 failed attempts), written into the app's IndexedDB outbox as it stores
// them, then the connection comes back with Lighthouse's slow 4G profile and the time runs until the
// page reads "All sent". The service worker is blocked so that the page alone sends (no Background Sync
// racing it, every request under the page's network conditions).
import type { Browser, Page } from 'playwright-core';
import { type Row, round } from './lib/table.ts';
import { SLOW_4G, signedInContext } from './road-browser.ts';
import { ADMIN_PATH, type RoadDay } from './road-day.ts';
import { PHOTO_SIZES, type PhotoSize, proofImages } from './road-photos.ts';

/** The goal: 120 queued events with 40 photos sent in under 20 s. */
export const SYNC_GOAL_S = 20;
/** How long the sending may take before the benchmark gives up on it. */
const SYNC_LIMIT_MS = 15 * 60_000;
const LOADED = 60;
const DELIVERED = 40;
const ATTEMPTED = 20;
const OUTBOX = { database: 'waybill-driver', store: 'actions', channel: 'waybill-driver-outbox' } as const;

interface StoredRow {
  id: string;
  driver: string;
  event: Record<string, string>;
  photo?: string;
  signature?: string;
  state: 'waiting';
  takenAt: number;
}

/**
 * The actions in the order taken, timed over the last 40 minutes of today (never before midnight), on
 * the 60 stops of the run from `first` (0 or 60: each pass of the benchmark has stops of its own).
 */
async function queuedActions(
  day: RoadDay,
  first: number,
  size: PhotoSize,
): Promise<{ rows: StoredRow[]; imageBytes: number }> {
  const images = await proofImages(DELIVERED, size);
  const now = Date.now();
  const midnight = new Date(`${day.date}T00:00:00`).getTime();
  const from = Math.max(now - 40 * 60_000, midnight + 1000);
  const total = LOADED + DELIVERED + ATTEMPTED;
  const step = (now - 5000 - from) / total;
  const driver = day.roadDriver.email.toLowerCase();
  const rows: StoredRow[] = [];
  const add = (event: Record<string, string>, image?: { photo: Buffer; signature: Buffer }) => {
    const takenAt = Math.round(from + rows.length * step);
    const id = crypto.randomUUID();
    rows.push({
      id,
      driver,
      event: { id, ...event, at: new Date(takenAt).toISOString() },
      ...(image ? { photo: image.photo.toString('base64'), signature: image.signature.toString('base64') } : {}),
      state: 'waiting',
      takenAt,
    });
  };
  const codes = day.roadCodes.slice(first, first + LOADED);
  for (const code of codes.slice(0, LOADED)) add({ type: 'loaded', trackingCode: code });
  for (const [index, code] of codes.slice(0, DELIVERED).entries())
    add({ type: 'delivered', trackingCode: code, receivedBy: `Receiver at door ${index + 1}` }, images[index]);
  for (const code of codes.slice(DELIVERED, DELIVERED + ATTEMPTED))
    add({ type: 'attempt_failed', trackingCode: code, reason: 'Nobody at home' });
  const imageBytes = images.reduce((sum, image) => sum + image.photo.length + image.signature.length, 0);
  return { rows, imageBytes };
}

/** Writes rows into the app's outbox store (photos and signatures as Blobs), then tells the app. */
async function writeOutbox(page: Page, rows: StoredRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += 10) {
    await page.evaluate(
      ({ rows: chunk, outbox }) =>
        new Promise<void>((resolve, reject) => {
          const opening = indexedDB.open(outbox.database);
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const tx = opening.result.transaction(outbox.store, 'readwrite');
            for (const { photo, signature, ...row } of chunk) {
              // Inline, not a named helper: tsx would wrap one in a function the page does not have.
              const bytes = [photo, signature].map((base64) =>
                base64 === undefined ? undefined : Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
              );
              tx.objectStore(outbox.store).put({
                ...row,
                // WebP, as the app's shrunk photos.
                ...(bytes[0] ? { photo: new Blob([bytes[0]], { type: 'image/webp' }) } : {}),
                ...(bytes[1] ? { signature: new Blob([bytes[1]], { type: 'image/png' }) } : {}),
              });
            }
            tx.oncomplete = () => {
              opening.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { rows: rows.slice(from, from + 10), outbox: OUTBOX },
    );
  }
  await page.evaluate((channel) => {
    const sender = new BroadcastChannel(channel);
    sender.postMessage('changed');
    sender.close();
  }, OUTBOX.channel);
}

/** How the actions ended on the phone: sent, refused, images still waiting. */
function readStates(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    (outbox) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const opening = indexedDB.open(outbox.database);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const all = opening.result.transaction(outbox.store).objectStore(outbox.store).getAll();
          all.onsuccess = () => {
            const counts: Record<string, number> = {};
            for (const row of all.result as { state: string; imagesState?: string }[]) {
              const key = row.imagesState ? `${row.state}, images ${row.imagesState}` : row.state;
              counts[key] = (counts[key] ?? 0) + 1;
            }
            opening.result.close();
            resolve(counts);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    OUTBOX,
  );
}

interface Timed {
  start: number;
  end?: number;
}

export interface SyncPass {
  /** The first of the 60 stops of the run this pass acts on. */
  first: number;
  photos: PhotoSize;
}

/** Queues the actions offline, reconnects on slow 4G and times the sending. */
export async function measureSync(browser: Browser, day: RoadDay, pass: SyncPass): Promise<Row> {
  const { rows, imageBytes } = await queuedActions(day, pass.first, pass.photos);
  const context = await signedInContext(browser, day.server.url, day.roadSession, 'phone', 'block');
  try {
    const page = await context.newPage();
    const status = page.getByTestId('outbox-status');
    await page.goto(`${ADMIN_PATH}/driver`);
    await page.locator('#stop-title').waitFor();
    await page.getByText('All sent', { exact: true }).waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByText('Offline', { exact: true }).waitFor();
    await writeOutbox(page, rows);
    await page.getByText(`${rows.length} waiting to send`, { exact: true }).waitFor();

    const events: Timed[] = [];
    const photos: Timed[] = [];
    const byId = new Map<string, Timed>();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      const { pathname } = new URL(request.url);
      const list =
        request.method === 'POST' && pathname === '/api/driver/events'
          ? events
          : request.method === 'PUT' && pathname.endsWith('/photo')
            ? photos
            : undefined;
      if (!list) return;
      const timed = { start: performance.now() };
      list.push(timed);
      byId.set(requestId, timed);
    });
    const finished = ({ requestId }: { requestId: string }) => {
      const timed = byId.get(requestId);
      if (timed) timed.end = performance.now();
    };
    cdp.on('Network.loadingFinished', finished);
    cdp.on('Network.loadingFailed', finished);

    let allSent = 0;
    let reportSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      reportSent = resolve;
    });
    await page.exposeBinding('__roadOutboxStatus', (_source, text: string) => {
      if (text !== 'All sent' || allSent > 0) return;
      allSent = performance.now();
      reportSent();
    });
    await page.evaluate(() => {
      const element = document.querySelector('[data-testid="outbox-status"]')!;
      new MutationObserver(() =>
        (window as unknown as { __roadOutboxStatus: (text: string) => void }).__roadOutboxStatus(
          element.textContent ?? '',
        ),
      ).observe(element, { subtree: true, childList: true, characterData: true });
    });

    const online = performance.now();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), SYNC_LIMIT_MS);
    });
    try {
      await Promise.race([sent, timedOut]);
    } catch {
      throw new Error(`the outbox still read "${await status.textContent()}" after ${SYNC_LIMIT_MS / 60_000} minutes`);
    } finally {
      clearTimeout(timer);
    }
    const states = await readStates(page);
    const span = (list: Timed[]) =>
      list.length === 0 ? Number.NaN : Math.max(...list.map((item) => item.end ?? Number.NaN)) - list[0]!.start;
    const uploadFloor = imageBytes / SLOW_4G.uploadThroughput;
    return {
      database: day.kind,
      actions: rows.length,
      photos: `${DELIVERED} ${PHOTO_SIZES[pass.photos].words}`,
      'photo + signature MB': round(imageBytes / 1024 / 1024, 2),
      'all sent s': round((allSent - online) / 1000, 1),
      'events POSTs': events.length,
      'events s': round(span(events) / 1000, 2),
      'image PUTs': photos.length,
      'images s': round(span(photos) / 1000, 1),
      'upload floor s': round(uploadFloor, 1),
      outcome: Object.entries(states)
        .map(([state, count]) => `${count} ${state}`)
        .join(', '),
      [`goal < ${SYNC_GOAL_S} s`]: (allSent - online) / 1000 < SYNC_GOAL_S ? 'met' : 'not met',
    };
  } finally {
    await context.close();
  }
}
