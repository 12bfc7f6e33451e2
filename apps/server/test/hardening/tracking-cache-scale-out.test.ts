// Two real Waybill processes on one PostgreSQL, each with its own cache of tracking answers: a change
// made through one process is seen through the other within a second, because the database announces
// it (NOTIFY in the change's transaction) and every process drops that answer.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { packageForm } from '../support/factories.ts';
import { type AnyBody, TestClient } from '../support/http-client.ts';
import { TEST_ADMIN } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const SEEN_WITHIN_MS = 1000;

describe.runIf(!databaseUrl)('tracking answers cached by two processes', () => {
  it.skip('needs TEST_DATABASE_URL: several processes can share PostgreSQL only', () => {});
});

describe.runIf(databaseUrl)('tracking answers cached by two processes', () => {
  let dataDir: string;
  let database: TestDatabase;
  let servers: ChildServer[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-track-cache-'));
    database = await createTestDatabase('postgres', dataDir);
    for (const name of ['a', 'b']) {
      servers.push(await startChildServer({ dataDir: path.join(dataDir, name), databaseUrl: database.databaseUrl }));
    }
  }, 2 * REAL_SERVER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    servers = [];
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Asks `server` until the answer satisfies `done`; how long that took after the change was answered. */
  async function msUntilSeen(server: ChildServer, code: string, done: (status: number, body: AnyBody) => boolean) {
    const client = new TestClient(server.url);
    const start = performance.now();
    for (;;) {
      const answer = await client.get(`/api/track/${code}`);
      const elapsed = performance.now() - start;
      if (done(answer.status, answer.body)) return elapsed;
      if (elapsed > 5 * SEEN_WITHIN_MS) throw new Error(`not seen after ${Math.round(elapsed)} ms: ${answer.text}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it(
    'shows a change made through one process through the other within a second, with both caches warm',
    async () => {
      const [first, second] = servers as [ChildServer, ChildServer];
      const operator = new TestClient(first.url);
      expect((await operator.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
      const submitted = await new TestClient(first.url).request('POST', '/api/submit-package', {
        form: packageForm(),
      });
      expect(submitted.status).toBe(201);
      const trackingCode = submitted.body.trackingCode as string;
      expect((await operator.post<PackageAnswer>('/api/admin/accept', { trackingCode })).status).toBe(200);

      const warm = async () => {
        for (const server of servers) {
          const client = new TestClient(server.url);
          const one = await client.get(`/api/track/${trackingCode}`);
          const two = await client.get(`/api/track/${trackingCode}`);
          expect(two.headers.get('etag')).toBe(one.headers.get('etag'));
        }
      };
      const timings: number[] = [];

      await warm();
      expect((await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' })).status).toBe(200);
      timings.push(await msUntilSeen(second, trackingCode, (_status, body) => body.status === 'Shipped'));

      await warm();
      const added = await operator.post('/api/admin/location-update', { trackingCode, location: 'Reno hub' });
      expect(added.status).toBe(201);
      timings.push(
        await msUntilSeen(second, trackingCode, (_status, body) => body.locationUpdates?.[0]?.location === 'Reno hub'),
      );

      await warm();
      expect((await operator.delete(`/api/admin/packages/${trackingCode}`)).status).toBe(200);
      timings.push(await msUntilSeen(second, trackingCode, (status) => status === 404));

      for (const elapsed of timings) expect(elapsed).toBeLessThan(SEEN_WITHIN_MS);
    },
    REAL_SERVER_TEST_TIMEOUT_MS,
  );
});
