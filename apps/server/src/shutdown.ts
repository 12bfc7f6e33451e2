import type { FastifyInstance } from 'fastify';

/** How long requests in flight at SIGTERM get to finish before their connections are cut. */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Stops taking connections and closes the app. Requests in flight get `drainTimeoutMs` to finish; then
 * their connections are cut. Only the requests are timed: what closes after the HTTP server (the
 * database) gets all the time it needs, since a process that exits halfway through closing its
 * database is exactly what a graceful stop is for avoiding; that close logs its progress instead.
 * Resolves with whether any request had to be cut.
 */
export async function closeGracefully(
  app: FastifyInstance,
  drainTimeoutMs = DRAIN_TIMEOUT_MS,
): Promise<{ cutRequests: boolean }> {
  let cutRequests = false;
  // Connections that finish a request while closing turn idle with keep-alive; close them as they do,
  // or the server would wait for their keep-alive timeout. After the deadline, close every one.
  const sweep = setInterval(() => {
    if (cutRequests) app.server.closeAllConnections();
    else app.server.closeIdleConnections();
  }, 100);
  const deadline = setTimeout(() => {
    cutRequests = true;
    app.log.error({ drainTimeoutMs }, 'requests in flight did not finish in time; closing their connections');
    app.server.closeAllConnections();
  }, drainTimeoutMs);
  const stopTimers = () => {
    clearInterval(sweep);
    clearTimeout(deadline);
  };
  // The HTTP server has closed once its last connection has: no request is left to time.
  app.server.once('close', stopTimers);
  try {
    await app.close();
  } finally {
    stopTimers();
  }
  return { cutRequests };
}
