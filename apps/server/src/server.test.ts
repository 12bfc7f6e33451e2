import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../test/support/child-server.ts';
import { packageFields } from '../test/support/factories.ts';
import { createTestDatabase } from '../test/support/test-databases.ts';
import { FIRST_OPERATOR_FILE } from './modules/auth/first-operator-file.ts';
import { PROGRESS_EVERY_MS } from './progress.ts';

const SERVER_ENTRY = path.join(import.meta.dirname, 'server.ts');

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('server process', () => {
  it('refuses to start with a bad environment, naming every bad variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: { ...process.env, PORT: 'x', RATE_LIMIT_TRACK: 'lots' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT:');
    expect(stderr).toContain('RATE_LIMIT_TRACK:');
  });

  it('finishes an in-flight request, closes the database and exits 0 on SIGTERM', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-server-'));
    await createTestDatabase('pglite', dataDir);
    // debug: a request's arrival is logged at that level (info logs it once answered).
    const server = await startChildServer({ dataDir, env: { LOG_LEVEL: 'debug' } });
    const output = server.output;
    try {
      const baseUrl = server.url;
      const health = await fetch(`${baseUrl}/api/health`);
      const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;

      // A package submission whose body arrives in two halves, with SIGTERM in between.
      const form = new FormData();
      for (const [key, value] of Object.entries(packageFields())) form.append(key, value);
      const encoded = new Response(form);
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      let sendRest: () => void = () => undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, 200));
          sendRest = () => {
            controller.enqueue(bytes.slice(200));
            controller.close();
          };
        },
      });
      const inFlight = fetch(`${baseUrl}/api/submit-package`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          'content-type': encoded.headers.get('content-type')!,
          cookie: `XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
        },
      } as RequestInit);
      // The starter's own readiness probes are requests too: wait for this one by its URL.
      await waitFor(() => output().includes('"url":"/api/submit-package"'));
      server.child.kill('SIGTERM');
      await waitFor(() => output().includes('shutting down'));
      sendRest();
      const response = await inFlight;
      expect(response.status).toBe(201);
      expect(await server.exited).toBe(0);
      // Log lines wait for the end of a turn of the event loop: the last ones are written on the way out.
      const messages = output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
      const answered = messages.findIndex((line) => line.msg === 'request completed' && line.res?.statusCode === 201);
      expect(answered, output()).toBeGreaterThan(-1);
      expect(messages.slice(answered).map((line) => line.msg)).toContain('done closing the database');
      expect(messages.at(-1)?.msg).toBe('shut down');
    } finally {
      await server.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('starts on a fresh DATA_DIR on a machine whose cores are taken, saying what it waits for', {
    timeout: 300_000,
  }, async () => {
    // The server gets a quarter of one core until it is ready, as on a machine whose cores are taken:
    // creating and migrating the embedded database took 10–17 s on such a machine, past Fastify's 10 s
    // plugin timeout, and the server exited. (Busy processes on every core did the same, but slowed
    // every test running beside this one.)
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-first-start-'));
    let server: ChildServer | undefined;
    try {
      server = await startChildServer({
        dataDir,
        env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_LEVEL: 'info' },
        cpuShareUntilReady: 0.25,
      });
      await waitFor(() => server!.output().includes('Waybill is ready'));
      const output = server.output();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg: string; step?: string; ms?: number });
      const done = new Map(lines.filter((line) => line.msg.startsWith('done ')).map((line) => [line.step, line.ms!]));
      for (const step of [
        'creating the embedded database',
        'applying migrations',
        'sweeping files left by an earlier crash',
        'checking for the first operator',
      ]) {
        expect(
          lines.some((line) => line.msg === step),
          `no "${step}" line:\n${output}`,
        ).toBe(true);
        expect(done.get(step), `no "done ${step}" line:\n${output}`).toBeGreaterThanOrEqual(0);
      }
      // The database is created off the main thread, so a long creation is reported while it runs.
      if (done.get('creating the embedded database')! > 3 * PROGRESS_EVERY_MS) {
        expect(output).toMatch(/"still creating the embedded database after \d+ s"/);
      }
      // The generated password went to its file, not to the log.
      const password = /^Password: (\S+)$/m.exec(await readFile(path.join(dataDir, FIRST_OPERATOR_FILE), 'utf8'))![1]!;
      expect(output).not.toContain(password);

      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      expect(server.output()).toContain('"done closing the database"');
    } finally {
      await server?.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
