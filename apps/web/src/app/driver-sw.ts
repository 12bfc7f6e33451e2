// The driver app's service worker, over ADMIN_PATH/driver only (its scope is set at registration, so
// the build never knows ADMIN_PATH). It keeps the app's shell and scripts (precached: the list is
// written in by scripts/finish-build.ts), answers the run, the reasons and the session from the last
// answer seen when the network does not answer, and sends the outbox on Background Sync. Writes are
// never touched here: the page stores each action in the outbox first.

import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { OUTBOX_SYNC_TAG } from '../features/driver/outbox/channel.ts';
import { syncOutbox } from '../features/driver/outbox/sync.ts';
import { CACHED_API_PATHS, DRIVER_API_CACHE, DRIVER_ASSET_CACHE } from '../features/driver/worker/caches.ts';
import { readXsrfToken } from '../lib/xsrf-cookie.ts';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface CookieStore {
  getAll(): Promise<{ name: string; value: string }[]>;
}
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  cookieStore?: CookieStore;
};

/** The manifest's stand-in for the app's own page, whose address is the worker's scope. */
const SHELL = '@shell';
/** A network that has not answered by then is taken for none: the last answer seen is shown. */
const NETWORK_TIMEOUT_S = 6;

// The look-behind starts a match at the first slash of a run only, so it takes linear time.
const appPath = new URL(self.registration.scope).pathname.replace(/(?<!\/)\/+$/, '');
const sameOrigin = (url: URL) => url.origin === self.location.origin;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(
  self.__WB_MANIFEST.map((entry) =>
    typeof entry !== 'string' && entry.url === SHELL ? { ...entry, url: appPath } : entry,
  ),
  // The app's page with any query is the same page.
  { ignoreURLParametersMatching: [/.*/] },
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && CACHED_API_PATHS.includes(url.pathname),
  new NetworkFirst({ cacheName: DRIVER_API_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_S }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: DRIVER_ASSET_CACHE }),
);

// The answers the page asked for before this worker controlled it: kept now, so that the first reload
// without a connection already has them.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(DRIVER_API_CACHE).then((cache) =>
      Promise.all(
        CACHED_API_PATHS.map(async (path) => {
          const response = await fetch(path, { credentials: 'same-origin' }).catch(() => undefined);
          if (response?.ok) await cache.put(path, response);
        }),
      ),
    ),
  );
});

/** The session's anti-forgery token, from the cookie store (a worker has no document.cookie). */
async function xsrfToken(): Promise<string | undefined> {
  const cookies = (await self.cookieStore?.getAll().catch(() => [])) ?? [];
  return readXsrfToken(cookies.map(({ name, value }) => `${name}=${encodeURIComponent(value ?? '')}`).join('; '));
}

/** Sends the signed-in driver's outbox; a pass cut short by the network is retried by the browser. */
async function syncFromWorker(): Promise<void> {
  const response = await fetch('/api/auth/session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const state = (await response.json()) as { operator?: { email?: string } | null };
  const email = state.operator?.email;
  if (!email) return;
  const outcome = await syncOutbox({ driver: email.toLowerCase(), xsrfToken });
  if (outcome === 'offline') throw new Error('The outbox could not be sent yet');
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncFromWorker());
});
