import { readConsoleBase } from '../../../lib/console-base.ts';
import { DRIVER_API_CACHE, DRIVER_MANIFEST_NAME, DRIVER_WORKER_URL } from './caches.ts';

/**
 * Makes the driver app installable and usable offline: links its web manifest and registers the
 * service worker over the app's address only (ADMIN_PATH/driver), never over the rest of the console.
 * In development (no built worker) it does nothing.
 */
export function registerDriverWorker(doc: Document = document): void {
  const base = readConsoleBase(doc) ?? '';
  if (!doc.querySelector('link[rel="manifest"]')) {
    const link = doc.createElement('link');
    link.rel = 'manifest';
    link.href = `${base}/${DRIVER_MANIFEST_NAME}`;
    doc.head.append(link);
  }
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register(DRIVER_WORKER_URL, { scope: `${base}/driver` }).catch(() => undefined);
}

/** Drops the answers kept for offline use (a run names receivers): at sign-out, the phone keeps none. */
export async function forgetDriverAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(DRIVER_API_CACHE).catch(() => false);
}
