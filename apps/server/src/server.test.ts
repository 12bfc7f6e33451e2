import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shipmentFields } from './test/factories.ts';
import { createTestDatabase } from './test/test-databases.ts';

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

  it('finishes an in-flight request, closes the database and exits 0 on SIGTERM', async () => {
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
});
