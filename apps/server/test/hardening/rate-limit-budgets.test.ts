// A client's budget holds across processes, within a tenth (TOLERANCE), wherever the limits are counted:
// each process's memory settled with PostgreSQL or PGlite in batches, or Redis (REDIS_URL). Real
// processes where a process is killed: its unsettled hits are lost, and it starts again knowing none.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOLERANCE } from '../../src/plugins/rate-limit-local.ts';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.ts';
import { startTestRedis, type TestRedis } from '../support/test-redis.ts';

/** The production tracking budget, per hour so a slow machine's burst stays in one window. */
const BUDGET = 60;
const MOST = BUDGET + Math.floor(BUDGET * TOLERANCE);
const LIMITS = { RATE_LIMITS: 'on', TRUST_PROXY: 'loopback', RATE_LIMIT_TRACK: `${BUDGET}/hour` };
/** Requests in flight at once in a burst. */
const CONCURRENCY = 6;

interface Tally {
  /** Answered (404: the code is unknown), refused (429), and cut off by a killed or closing process. */
  admitted: number;
  refused: number;
  cut: number;
}

/**
 * `count` tracking look-ups by the forwarded client `client`, spread over `targets()` in turn,
 * CONCURRENCY at once; `afterAnswer` sees how many have come back so far.
 */
async function burst(
  targets: () => string[],
  client: string,
  count: number,
  afterAnswer?: (answered: number) => void,
): Promise<Tally> {
  const tally: Tally = { admitted: 0, refused: 0, cut: 0 };
  let sent = 0;
  let answered = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < count) {
        const urls = targets();
        if (urls.length === 0) return;
        const url = urls[sent++ % urls.length]!;
        let status: number | undefined;
        try {
          const answer = await fetch(`${url}/api/track/AAAAAAAAAAAA`, { headers: { 'x-forwarded-for': client } });
          await answer.arrayBuffer();
          status = answer.status;
        } catch {
          tally.cut += 1;
        }
        if (status === 404) tally.admitted += 1;
        else if (status === 429) tally.refused += 1;
        // A process closing (taken out of the targets) answers 503 to what reaches it before its
        // routes, as Fastify does while it closes: cut off like a look-up that reached a killed one.
        else if (status === 503 && !targets().includes(url)) tally.cut += 1;
        else if (status !== undefined) throw new Error(`a look-up answered ${status}`);
        afterAnswer?.(++answered);
      }
    }),
  );
  return tally;
}

const add = (a: Tally, b: Tally): Tally => ({
  admitted: a.admitted + b.admitted,
  refused: a.refused + b.refused,
  cut: a.cut + b.cut,
});

/**
 * 40 look-ups over `first` and `second`, `first` killed after 20 answers (the rest go to `second`, or,
 * with no second, end there), `first` started again, then 100 more over both.
 */
async function burstThroughAKill(
  first: ChildServer,
  second: ChildServer | undefined,
  client: string,
  restart: () => Promise<ChildServer>,
): Promise<{ tally: Tally; restarted: ChildServer }> {
  let targets = [first.url, ...(second ? [second.url] : [])];
  let killed = false;
  const before = await burst(
    () => targets,
    client,
    40,
    (answered) => {
      if (answered < 20 || killed) return;
      killed = true;
      first.child.kill('SIGKILL');
      targets = second ? [second.url] : [];
    },
  );
  expect(await first.exited).toBeNull();
  const restarted = await restart();
  const after = await burst(() => [restarted.url, ...(second ? [second.url] : [])], client, 100);
  return { tally: add(before, after), restarted };
}

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl)('two processes on one PostgreSQL, counting locally', () => {
  let dataDir: string;
  let database: TestDatabase;
  const servers: ChildServer[] = [];
  const start = async (name: string) => {
    const server = await startChildServer({
      dataDir: path.join(dataDir, name),
      databaseUrl: database.databaseUrl,
      env: LIMITS,
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-budgets-'));
    database = await createTestDatabase('postgres', dataDir, { empty: true });
    // One after the other: the first applies the migrations.
    await start('a');
    await start('b');
  }, 2 * REAL_SERVER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('holds a client spread over both to its budget, within a tenth', async () => {
    const [first, second] = servers as [ChildServer, ChildServer];
    const tally = await burst(() => [first.url, second.url], '203.0.113.10', 2 * BUDGET);
    expect(tally.cut).toBe(0);
    expect(tally.admitted).toBeGreaterThanOrEqual(BUDGET);
    expect(tally.admitted).toBeLessThanOrEqual(MOST);
    // Refused without a write: the counter holds the admitted hits that were settled, no more.
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count FROM rate_limit_counters WHERE key = 'track 203.0.113.10'`,
      );
      expect(rows[0]!.count).toBeLessThanOrEqual(tally.admitted);
    } finally {
      await client.end();
    }
  });

  it('holds it within a tenth when a process is killed mid-burst and started again', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const [first, second] = servers as [ChildServer, ChildServer];
    const { tally } = await burstThroughAKill(first, second, '203.0.113.11', () => start('a-again'));
    // Only the look-ups in flight at the kill are cut off, and they got no answer.
    expect(tally.cut).toBeLessThanOrEqual(CONCURRENCY);
    expect(tally.admitted).toBeLessThanOrEqual(MOST);
    expect(tally.admitted + tally.cut).toBeGreaterThanOrEqual(BUDGET);
  });
});

describe('one process on PGlite, counting locally', () => {
  let dataDir: string;
  const servers: ChildServer[] = [];
  const start = async () => {
    const server = await startChildServer({ dataDir, env: LIMITS });
    servers.push(server);
    return server;
  };
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-budgets-'));
    // Migrated already: creating an embedded database takes long on a busy machine.
    database = await createTestDatabase('pglite', dataDir);
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('holds a client to its budget within a tenth when the process is killed mid-burst and started again', {
    timeout: 2 * REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const first = await start();
    const { tally } = await burstThroughAKill(first, undefined, '203.0.113.12', start);
    // Only the look-ups in flight at the kill are cut off, and they got no answer.
    expect(tally.cut).toBeLessThanOrEqual(CONCURRENCY);
    expect(tally.admitted).toBeLessThanOrEqual(MOST);
    expect(tally.admitted + tally.cut).toBeGreaterThanOrEqual(BUDGET);
  });
});

describe('two processes counting in Redis', () => {
  let redis: TestRedis;
  const apps = new Set<TestApp>();
  const start = async () => {
    // Each on a database of its own: what the processes share here is Redis alone.
    const testApp = await startTestApp('pglite', { ...LIMITS, RATE_LIMIT_LOGIN: '10/hour', REDIS_URL: redis.url });
    apps.add(testApp);
    return testApp;
  };
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
    await redis?.stop();
  });

  it('holds a client to its budget exactly, also when a process stops mid-burst and another starts', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const first = await start();
    const second = await start();
    let targets = [first.baseUrl, second.baseUrl];
    let stopping: Promise<void> | undefined;
    const before = await burst(
      () => targets,
      '203.0.113.13',
      40,
      (answered) => {
        if (answered !== 20) return;
        targets = [second.baseUrl];
        apps.delete(first);
        stopping = first.close();
      },
    );
    await stopping;
    const third = await start();
    const after = await burst(() => [third.baseUrl, second.baseUrl], '203.0.113.13', 100);
    const tally = add(before, after);
    // A look-up cut off as the first one closed may have been counted, or not.
    expect(tally.admitted).toBeLessThanOrEqual(BUDGET);
    expect(tally.admitted + tally.cut).toBeGreaterThanOrEqual(BUDGET);

    // Sign-in too: ten attempts over both, then refused on either.
    const signIn = (testApp: TestApp) =>
      testApp.client().post('/api/auth/login', { email: 'guesser@waybill.test', password: 'wrong-password' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await signIn(second)).status, (await signIn(third)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });
});
