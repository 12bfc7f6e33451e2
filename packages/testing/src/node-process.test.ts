import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from './free-port.ts';
import { startNodeProcess } from './node-process.ts';

/** A small HTTP server that answers /ready only after `delayMs`, prints a line, and exits 0 on SIGTERM. */
const slowServer = (delayMs: number) => `
  const started = Date.now();
  const server = require('node:http').createServer((request, response) => {
    const ready = request.url === '/ready' && Date.now() - started > ${delayMs};
    response.writeHead(ready ? 200 : 503).end();
  });
  server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening on ' + process.env.PORT));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

describe('findFreePort', () => {
  it('gives a port that can be listened on at once', async () => {
    const port = await findFreePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('startNodeProcess', () => {
  it('resolves once the ready path answers 2xx, keeps the output, and stops with SIGTERM', async () => {
    const started = Date.now();
    const server = await startNodeProcess({ args: ['-e', slowServer(600)], readyPath: '/ready' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect((await fetch(`${server.url}/ready`)).status).toBe(200);
    expect(server.output()).toContain(`listening on ${server.port}`);
    // One reading: the process still grows, so a later one may pass an earlier peak.
    const memory = server.memory();
    expect(memory.rssBytes).toBeGreaterThan(1024 * 1024);
    expect(memory.peakRssBytes).toBeGreaterThanOrEqual(memory.rssBytes);
    expect(await server.stop()).toBe(0);
  });

  it('passes the environment, with undefined removing a variable', async () => {
    process.env.NODE_PROCESS_TEST_REMOVED = 'inherited';
    try {
      const script = `${slowServer(0)}; console.log('removed=' + process.env.NODE_PROCESS_TEST_REMOVED, 'given=' + process.env.GIVEN)`;
      const server = await startNodeProcess({
        args: ['-e', script],
        env: { NODE_PROCESS_TEST_REMOVED: undefined, GIVEN: 'yes' },
        readyPath: '/ready',
      });
      await expect.poll(server.output).toContain('removed=undefined given=yes');
      await server.kill();
      expect(await server.exited).toBeNull();
    } finally {
      delete process.env.NODE_PROCESS_TEST_REMOVED;
    }
  });

  it('rejects with the exit code and the output when the process ends before it is ready', async () => {
    await expect(
      startNodeProcess({ args: ['-e', "console.error('PORT: bad value'); process.exit(3)"], readyPath: '/' }),
    ).rejects.toThrow(/exited \(3\) before it was ready:\nPORT: bad value/);
  });
});
