import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { createTestDatabase, databasesFor } from '../support/test-databases.ts';

const failOnSignal = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/fail-on-signal.mjs'),
).href;

describe('an error nothing caught', () => {
  it.each([
    { failWith: 'reject', format: 'json', message: 'a rejection nobody handled' },
    { failWith: 'throw', format: 'pretty', message: 'a throw from a timer' },
  ])(
    'is logged ($format) before the process exits 1 ($failWith)',
    {
      timeout: REAL_SERVER_TEST_TIMEOUT_MS,
    },
    async ({ failWith, format, message }) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-uncaught-'));
      // One database: the subject is the process, not what it stores.
      const database = await createTestDatabase(databasesFor('any')[0]!, dataDir);
      const server = await startChildServer({
        dataDir,
        databaseUrl: database.databaseUrl,
        env: {
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${failOnSignal}`,
          FAIL_WITH: failWith,
          LOG_FORMAT: format,
          LOG_LEVEL: 'info',
        },
      });
      try {
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        // The last request before the failure: its line is written before the process exits.
        expect((await fetch(`${server.url}/api/track/LASTWORDS1`)).status).toBe(404);
        server.child.kill('SIGUSR2');
        expect(await server.exited, server.output()).toBe(1);
        const output = server.output();
        if (format === 'json') {
          const lines = output
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map(
              (line) =>
                JSON.parse(line) as { level: number; msg: string; err?: { message: string }; req?: { url: string } },
            );
          const fatal = lines.findIndex((line) => line.level === 60);
          expect(lines[fatal], output).toMatchObject({ msg: 'uncaught error, exiting', err: { message } });
          const last = lines.findIndex((line) => line.req?.url === '/api/track/LASTWORDS1');
          expect(lines[last], output).toMatchObject({ msg: 'request completed', res: { statusCode: 404 } });
          expect(last).toBeLessThan(fatal);
        } else {
          const fatal = output.split('\n').find((line) => line.includes('uncaught error, exiting'));
          expect(fatal, output).toContain('FATAL');
          expect(output).toContain('/api/track/LASTWORDS1');
          expect(output).toContain(message);
          expect(output).not.toMatch(/^\{"level"/m);
        }
      } finally {
        await server.kill();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
