import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REAL_SERVER_TEST_TIMEOUT_MS } from '../test/hardening/support/child-server.ts';
import { shipmentFields } from '../test/support/factories.ts';
import { createTestDatabase } from '../test/support/test-databases.ts';
import { FIRST_OPERATOR_FILE } from './modules/auth/first-operator-file.ts';
import { PROGRESS_EVERY_MS } from './progress.ts';

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('server process', () => {
  it('refuses to start with a bad environment, naming every bad variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: 'long-enough-password', LOG_LEVEL: 'info' },
    });
    let output = '';
    const listening = new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
    });
    try {
      const baseUrl = await listening;
      const health = await fetch(`${baseUrl}/api/health`);
      const token = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')![1]!;

      // A package submission whose body arrives in two halves, with SIGTERM in between.
      const form = new FormData();
      for (const [key, value] of Object.entries(shipmentFields())) form.append(key, value);
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
      await waitFor(() => output.split('incoming request').length > 2);
      child.kill('SIGTERM');
      await waitFor(() => output.includes('shutting down'));
      sendRest();
      const response = await inFlight;
      expect(response.status).toBe(201);
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('starts on a fresh DATA_DIR while every core is busy, saying what it waits for', {
    timeout: 300_000,
  }, async () => {
    // More busy processes than cores: creating and migrating the embedded database took 10–17 s like
    // this, past Fastify's 10 s plugin timeout, and the server exited.
    const burners: ChildProcess[] = Array.from({ length: 3 }, () =>
      spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
    );
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-first-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: '',
        ADMIN_PASSWORD: '',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitFor(() => output.includes('Waybill is ready') || child.exitCode !== null, 280_000);
      expect(child.exitCode, output).toBeNull();
      const baseUrl = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);

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

      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect(output).toContain('"done closing the database"');
    } finally {
      for (const burner of burners) burner.kill('SIGKILL');
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
