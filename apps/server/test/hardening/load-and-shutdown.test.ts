// Load and shutdown of the real server process: a bounded mixed load with no error and memory that
// levels off, and a SIGTERM that refuses new connections, finishes the request in flight and exits 0.
// WAYBILL_LOAD_LONG=1 runs the long variant (100 connections for 60 s).
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { packageImages, packages } from '../../src/db/schema/index.ts';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { imageBytes, packageFields, packageForm } from '../support/factories.ts';
import { TestClient } from '../support/http-client.ts';
import { TEST_ADMIN } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.ts';

const LONG = process.env.WAYBILL_LOAD_LONG === '1';
const CONNECTIONS = LONG ? 100 : 50;
const DURATION_MS = LONG ? 60_000 : 12_000;
const MB = 1024 * 1024;

describe('the server process under load and at shutdown', () => {
  let dataDir: string;
  let database: TestDatabase;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-load-'));
    database = await createTestDatabase('pglite', dataDir);
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`answers ${CONNECTIONS} connections mixing tracking, submissions and the console list without an error, memory levelling off`, {
    timeout: DURATION_MS + 90_000,
  }, async () => {
    server = await startChildServer({ dataDir });
    const current = server;
    const operator = new TestClient(current.url);
    expect((await operator.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    const png = await imageBytes('png');
    const codes: string[] = [];
    for (let index = 0; index < 20; index++) {
      const answer = await operator.request('POST', '/api/submit-package', { form: packageForm() });
      codes.push(answer.body.trackingCode);
    }
    const customer = new TestClient(current.url);
    await customer.get('/api/health');

    const counts = { track: 0, submit: 0, list: 0 };
    const failures: string[] = [];
    const samples: { at: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => samples.push({ at: Date.now() - started, rss: current.memory().rssBytes }), 250);

    const oneRequest = async (turn: number) => {
      const pick = turn % 20;
      if (pick < 2) {
        const answer = await customer.request('POST', '/api/submit-package', {
          form: packageForm(packageFields(), [{ name: 'p.png', data: png }]),
        });
        counts.submit += 1;
        if (answer.status !== 201) failures.push(`submit ${answer.status}`);
      } else if (pick < 6) {
        const answer = await operator.get('/api/admin/packages');
        counts.list += 1;
        if (answer.status !== 200) failures.push(`list ${answer.status}`);
      } else {
        const answer = await customer.get(`/api/track/${codes[turn % codes.length]}`);
        counts.track += 1;
        if (answer.status !== 200) failures.push(`track ${answer.status}`);
      }
    };
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        for (let turn = worker; Date.now() - started < DURATION_MS; turn += CONNECTIONS) {
          try {
            await oneRequest(turn);
          } catch (error) {
            failures.push(String(error));
          }
        }
      }),
    );
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    const total = counts.track + counts.submit + counts.list;
    const rssAt = (fraction: number) =>
      samples.find((sample) => sample.at >= DURATION_MS * fraction)?.rss ?? samples.at(-1)!.rss;
    const third = rssAt(1 / 3);
    const end = samples.at(-1)!.rss;
    const peak = Math.max(...samples.map((sample) => sample.rss));
    console.info(
      `[load] ${CONNECTIONS} connections, ${elapsed.toFixed(1)} s: ${total} requests (${(total / elapsed).toFixed(0)}/s; ` +
        `track ${counts.track}, list ${counts.list}, submit ${counts.submit}), ${failures.length} errors; ` +
        `RSS start ${(samples[0]!.rss / MB).toFixed(0)} MB, at 1/3 ${(third / MB).toFixed(0)} MB, ` +
        `end ${(end / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    expect(counts.submit).toBeGreaterThan(0);
    expect(counts.list).toBeGreaterThan(0);
    // Levelling off: after the warm-up third, memory grows by at most a quarter (or 64 MB).
    expect(end - third).toBeLessThan(Math.max(third * 0.25, 64 * MB));
    await current.kill();
  });

  it('on SIGTERM refuses new connections, finishes a large upload in flight, and exits 0', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    // A server of its own: no connection kept alive from the load above.
    server = await startChildServer({ dataDir });
    const current = server;
    const { port } = current;
    const customer = new TestClient(current.url);
    await customer.get('/api/health');
    const token = customer.cookies.get('XSRF-TOKEN')!;

    const noisy = (seed: number) =>
      sharp({
        create: {
          width: 900,
          height: 700,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 100 + seed, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
    const files = await Promise.all(
      [0, 1, 2].map(async (seed) => ({ name: `big${seed}.png`, data: await noisy(seed) })),
    );
    const fields = packageFields({ name: 'Upload during shutdown' });
    const encoded = new Response(packageForm(fields, files));
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(3 * MB);

    // The body goes out in twenty slices, 150 ms apart: SIGTERM arrives after the second.
    const slices = 20;
    const size = Math.ceil(bytes.length / slices);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= slices) return controller.close();
        if (sent > 0) await new Promise((resolve) => setTimeout(resolve, 150));
        controller.enqueue(bytes.slice(sent * size, (sent + 1) * size));
        sent += 1;
      },
    });
    const upload = fetch(`${current.url}/api/submit-package`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        cookie: `XSRF-TOKEN=${token}`,
        'x-xsrf-token': token,
      },
    } as RequestInit);
    while (sent < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    current.child.kill('SIGTERM');

    // New connections are refused once the process has taken the signal (at once on a quiet machine,
    // later on a loaded one), while the upload is still being sent.
    const connect = () =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    let refused = await connect();
    while (refused === 'connected' && sent < slices) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      refused = await connect();
    }
    expect(refused).toBe('ECONNREFUSED');
    expect(sent).toBeLessThan(slices);

    const answer = await upload;
    expect(answer.status).toBe(201);
    const { trackingCode } = (await answer.json()) as { trackingCode: string };
    expect(await current.exited).toBe(0);

    // The answered upload is in the database the process closed, with its three images.
    const handle = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    try {
      const [stored] = await handle.db.select().from(packages).where(eq(packages.trackingCode, trackingCode));
      expect(stored).toMatchObject({ name: 'Upload during shutdown' });
      const images = await handle.db.select().from(packageImages).where(eq(packageImages.packageId, stored!.id));
      expect(images).toHaveLength(3);
    } finally {
      await handle.close();
    }
  });
});
