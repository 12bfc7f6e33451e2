import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop take what waits (other requests, timers) before going on. The embedded database
 * runs on the main thread and settles each query as a promise: a loop of awaited queries never reaches
 * the event loop by itself, so a 500-package bulk action on PGlite held every other request until it
 * ended. Long loops call this once an item or a batch.
 */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
