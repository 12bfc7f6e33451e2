import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { acceptedPackage } from '../../../test/support/factories.ts';
import { startTestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { closeGracefully } from '../../shutdown.ts';

/** A mail server that takes connections and never says hello: a send waits for the greeting timeout. */
async function silentMailServer() {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.length,
    stop: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

// nodemailer's limits, shortened (10 s for the greeting in production): each message of the pass waits
// GREETING_MS for a hello that never comes.
const GREETING_MS = 1500;
const SILENT_SERVER_TIMEOUTS = {
  connectionTimeout: GREETING_MS,
  greetingTimeout: GREETING_MS,
  socketTimeout: 2 * GREETING_MS,
};

// Both databases: the close waits for a pass before the database (a pool, or PGlite) closes.
describe.each(databasesFor('sql'))('the mail outbox at shutdown on %s', (kind) => {
  it('does not hold the HTTP server open for a slow mail pass, and lets the pass end before the database closes', {
    timeout: 120_000,
  }, async () => {
    const smtp = await silentMailServer();
    const testApp = await startTestApp(kind, { SMTP_URL: smtp.url }, { smtpTimeouts: SILENT_SERVER_TIMEOUTS });
    try {
      const operator = await testApp.operator();
      await operator.put('/api/admin/notification-settings', { notifyCustomers: true });
      await acceptedPackage(testApp, operator); // queues a notification to each party
      // The worker's pass is under way once it has connected to the mail server.
      await expect.poll(smtp.connections, { timeout: 20_000 }).toBeGreaterThan(0);

      const started = performance.now();
      let httpClosedAfter = Number.POSITIVE_INFINITY;
      testApp.app.server.once('close', () => {
        httpClosedAfter = performance.now() - started;
      });
      const result = await closeGracefully(testApp.app, 3000);
      // The HTTP server closed at once; no request was cut for want of time…
      expect(httpClosedAfter).toBeLessThan(3000);
      expect(result).toEqual({ cutRequests: false });
      // …and the close waited for the pass before the database: the rest of the first message's
      // greeting timeout, and the whole of the second's.
      expect(performance.now() - started).toBeGreaterThan(GREETING_MS);
    } finally {
      await testApp.close();
      await smtp.stop();
    }
  });
});
