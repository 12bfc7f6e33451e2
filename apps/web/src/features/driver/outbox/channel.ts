// How the pages and the service worker tell each other that the outbox changed, and the Background
// Sync tag that sends it: apart from the sending itself (sync.ts), which the page imports when it
// first sends, with the schemas of the server's answers.

/** The channel every page and the worker hear outbox changes on. */
export const OUTBOX_CHANNEL = 'waybill-driver-outbox';
/** The Background Sync tag of the outbox. */
export const OUTBOX_SYNC_TAG = 'waybill-driver-outbox';

/** Tells every page (and the worker) that the outbox changed. */
export function announceOutboxChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}
