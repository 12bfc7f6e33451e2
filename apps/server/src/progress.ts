import type { FastifyBaseLogger } from 'fastify';

/** How often a step that is still running says so. */
export const PROGRESS_EVERY_MS = 5000;

/**
 * Runs one slow start-up or shutdown step with no time limit (creating the embedded database takes
 * seconds on a quiet machine and far longer on a busy one), saying what it does while it waits: a line
 * when it starts, "still … after N s" every few seconds, and how long it took.
 */
export async function withProgress<T>(
  log: FastifyBaseLogger,
  step: string,
  run: () => Promise<T>,
  everyMs = PROGRESS_EVERY_MS,
): Promise<T> {
  const started = performance.now();
  log.info({ step }, step);
  // A warning, so it shows even at LOG_LEVEL=warn: whoever watches the start sees it is alive.
  const heartbeat = setInterval(() => {
    const waitedS = Math.round((performance.now() - started) / 1000);
    log.warn({ step, waitedS }, `still ${step} after ${waitedS} s`);
  }, everyMs);
  heartbeat.unref();
  try {
    const result = await run();
    log.info({ step, ms: Math.round(performance.now() - started) }, `done ${step}`);
    return result;
  } finally {
    clearInterval(heartbeat);
  }
}
