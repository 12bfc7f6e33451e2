// Tracking under load: autocannon against GET /api/track/:code on the real server as in production
// (rate limits on, clients forwarded by a trusted proxy in X-Forwarded-For, NODE_ENV=production, the
// default log level) and, in the same run and interleaved with it, the same server with the limits off;
// beside them a bare node:http server answering the same JSON from memory. On PGlite and on PostgreSQL,
// at each number of connections; each figure beside its goal. On PostgreSQL also two server processes
// behind a round-robin balancer, limits on and off, with each one's share of the answers and the
// database's writes a second for the limits' counters.
import { cp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type NodeProcess, startNodeProcess } from '@waybill/testing';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { clientStream } from './lib/clients.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import {
  createDataDir,
  type DataStore,
  LIMITS_OFF_ENV,
  removeDataDir,
  seedStore,
  startProductionWaybill,
} from './lib/server-process.ts';
import { printTable, type Row, round } from './lib/table.ts';

export interface TrackOptions {
  packages: number;
  updates: number;
  durationSeconds: number;
  /** Each is measured in turn, on both servers. */
  connections: number[];
  postgres: boolean;
}

/** The goals (the benchmark reports them, never fails on them): throughput against the bare server, and p99. */
const GOALS = {
  ratio: { postgres: 0.5 } as Partial<Record<'pglite' | 'postgres', number>>,
  /** Limits on against limits off, measured in the same run. */
  limitsRatio: 0.8,
  p99Ms: 20,
  /** p99 is a goal at these connection counts. */
  p99Connections: { pglite: [10], postgres: [10, 50] } as Record<'pglite' | 'postgres', number[]>,
};

interface LoadOptions {
  durationSeconds: number;
  connections: number;
}

interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Look-ups each client makes (a customer checking a parcel a few times) before the next client comes. */
const LOOKUPS_PER_CLIENT = 3;
/** Measurements of each server, limits on and off taking turns (on first, then off first), averaged. */
const ROUNDS = 2;

/**
 * Codes cycled per request through autocannon's request setup, so every request asks for another
 * package, each from a client address the server's trusted proxy forwards (`LOOKUPS_PER_CLIENT` each).
 */
async function loadTest(url: string, codes: string[], options: LoadOptions): Promise<LoadFigures> {
  let next = 0;
  const client = clientStream(LOOKUPS_PER_CLIENT);
  const result: Result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = `/api/track/${codes[next++ % codes.length]}`;
          request.headers = { ...request.headers, 'x-forwarded-for': client() };
          return request;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The real server's answers for the codes, which the baseline serves from memory (and its cache keeps). */
async function collectBodies(url: string, codes: string[]): Promise<Record<string, unknown>> {
  const bodies: Record<string, unknown> = {};
  let next = 0;
  // As forwarded clients too, so the limits-on server answers every code.
  const client = clientStream(LOOKUPS_PER_CLIENT);
  const fetchNext = async () => {
    while (next < codes.length) {
      const code = codes[next++]!;
      const response = await fetch(`${url}/api/track/${code}`, { headers: { 'x-forwarded-for': client() } });
      if (!response.ok) throw new Error(`GET /api/track/${code} answered ${response.status}`);
      bodies[code] = await response.json();
    }
  };
  await Promise.all(Array.from({ length: 16 }, fetchNext));
  return bodies;
}

const formatGoal = (met: boolean, goal: string) => `${goal} ${met ? 'met' : 'not met'}`;

/**
 * Rows written and updated in the limits' tables (counters and live processes), from the database's
 * own statistics; undefined on PGlite. Read twice, the difference is the limits' writes in between.
 */
async function limitWrites(store: DataStore): Promise<number | undefined> {
  if (!store.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: store.databaseUrl });
  await client.connect();
  try {
    // Each server process reports its counts when its transaction ends, at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ writes: string }>(
      `SELECT coalesce(sum(n_tup_ins + n_tup_upd), 0) AS writes FROM pg_stat_user_tables
       WHERE relname IN ('rate_limit_counters', 'rate_limit_peers')`,
    );
    return Number(rows[0]!.writes);
  } finally {
    await client.end();
  }
}

interface Paired {
  on: LoadFigures;
  off: LoadFigures;
  /** The limits' rows written a second while limits were on (PostgreSQL only). */
  writesPerSecond?: number;
}

/**
 * `on` and `off` measured in turn, ROUNDS times (on first, then off first), each figure the mean of its
 * rounds: the machine's load changes alike for both.
 */
async function measurePair(store: DataStore, on: string, off: string, codes: string[], load: LoadOptions) {
  const figures: { on: LoadFigures[]; off: LoadFigures[] } = { on: [], off: [] };
  let writes = 0;
  let seconds = 0;
  for (let round_ = 0; round_ < ROUNDS; round_++) {
    const order: ('on' | 'off')[] = round_ % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
    for (const which of order) {
      // Every answer cached again, as the warm-up left them: an answer lives 45–60 s, so by a server's
      // second turn, a minute or more after its warm-up, the codes it cycles were read from the database
      // again (about 5 ms of CPU each on PGlite), and whichever server was further from its warm-up lost.
      await collectBodies(which === 'on' ? on : off, codes);
      const before = which === 'on' ? await limitWrites(store) : undefined;
      const started = performance.now();
      figures[which].push(await loadTest(which === 'on' ? on : off, codes, load));
      if (before !== undefined) {
        seconds += (performance.now() - started) / 1000;
        writes += (await limitWrites(store))! - before;
      }
    }
  }
  const mean = (list: LoadFigures[]): LoadFigures => ({
    requestsPerSecond: list.reduce((sum, item) => sum + item.requestsPerSecond, 0) / list.length,
    p50Ms: list.reduce((sum, item) => sum + item.p50Ms, 0) / list.length,
    p99Ms: Math.max(...list.map((item) => item.p99Ms)),
    errors: list.reduce((sum, item) => sum + item.errors, 0),
    non2xx: list.reduce((sum, item) => sum + item.non2xx, 0),
  });
  const paired: Paired = { on: mean(figures.on), off: mean(figures.off) };
  if (store.databaseUrl) paired.writesPerSecond = writes / seconds;
  return paired;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => round(value, 1))
    .join(' / ');

async function measureStore(store: DataStore, options: TrackOptions): Promise<{ rows: Row[]; shares: Row[] }> {
  const codes = await seedStore(store, options.packages, options.updates);
  // The limits-off server: on PGlite a copy of the seeded database (one process per PGlite), on
  // PostgreSQL the same database.
  const offStore: DataStore =
    store.kind === 'pglite' ? { ...store, dataDir: path.join(store.dataDir, 'limits-off') } : store;
  if (offStore !== store)
    await cp(path.join(store.dataDir, 'pglite'), path.join(offStore.dataDir, 'pglite'), { recursive: true });
  const server = await startProductionWaybill(store);
  const offServer = await startProductionWaybill(offStore, LIMITS_OFF_ENV);
  let baseline: NodeProcess | undefined;
  try {
    const bodies = await collectBodies(offServer.url, codes);
    const sample = Object.values(bodies)[0] as { locationUpdates: unknown[] };
    if (sample.locationUpdates.length !== options.updates) throw new Error('seeded packages lack their updates');
    const bodiesFile = path.join(store.dataDir, 'track-bodies.json');
    await writeFile(bodiesFile, JSON.stringify(bodies));
    baseline = await startNodeProcess({
      args: ['--import', 'tsx', path.join(import.meta.dirname, 'baseline-server.ts'), bodiesFile],
      readyPath: '/health',
    });
    const rows: Row[] = [];
    for (const connections of options.connections) {
      const load = { durationSeconds: options.durationSeconds, connections };
      // Warm each (JIT, connection pool, caches) just before it is measured. The real servers are first
      // asked for every code once, as the baseline holds every answer: its answers live 45–60 s, and a
      // 2 s warm-up on a slow machine reached a fraction of the codes, so the measured pass read the
      // database and not the cache it is meant to measure.
      const warmUp = { ...load, durationSeconds: 2 };
      await loadTest(baseline.url, codes, warmUp);
      const bare = await loadTest(baseline.url, codes, load);
      for (const each of [server, offServer]) {
        await collectBodies(each.url, codes);
        await loadTest(each.url, codes, warmUp);
      }
      const paired = await measurePair(store, server.url, offServer.url, codes, load);
      const row = (name: string, figures: LoadFigures): Row => ({
        database: store.kind,
        connections,
        server: name,
        'req/s': Math.round(figures.requestsPerSecond),
        'p50 ms': round(figures.p50Ms, 1),
        'p99 ms': figures.p99Ms,
        errors: figures.errors + figures.non2xx,
      });
      const ratio = paired.on.requestsPerSecond / bare.requestsPerSecond;
      const limitsRatio = paired.on.requestsPerSecond / paired.off.requestsPerSecond;
      const ratioGoal = GOALS.ratio[store.kind];
      const p99Goal = GOALS.p99Connections[store.kind].includes(connections);
      rows.push(
        row('node:http (memory)', bare),
        {
          ...row('Waybill, limits on (production)', paired.on),
          ratio: round(ratio, 2),
          'ratio goal': ratioGoal === undefined ? '' : formatGoal(ratio >= ratioGoal, `≥ ${ratioGoal}`),
          'p99 goal': p99Goal ? formatGoal(paired.on.p99Ms <= GOALS.p99Ms, `≤ ${GOALS.p99Ms} ms`) : '',
          'on/off': round(limitsRatio, 2),
          'on/off goal': formatGoal(limitsRatio >= GOALS.limitsRatio, `≥ ${GOALS.limitsRatio}`),
          'limit writes/s': paired.writesPerSecond === undefined ? '' : round(paired.writesPerSecond, 1),
          'load avg': loadAverage(),
        },
        row('Waybill, limits off', paired.off),
      );
    }
    await baseline.stop();
    baseline = undefined;
    const shares = store.kind === 'postgres' ? await measureShares(store, server, offServer, codes, options) : [];
    return { rows, shares };
  } finally {
    await baseline?.stop();
    await server.stop();
    await offServer.stop();
  }
}

/**
 * Two server processes on one PostgreSQL behind a round-robin balancer (a process of its own), limits
 * on and, in turn with them, off: throughput, how many answers each process gave, and the limits'
 * writes. Each process keeps its own cache of answers, kept true by the database's change notifications.
 */
async function measureShares(
  store: DataStore,
  first: NodeProcess,
  firstOff: NodeProcess,
  codes: string[],
  options: TrackOptions,
) {
  const second = await startProductionWaybill(store);
  const secondOff = await startProductionWaybill(store, LIMITS_OFF_ENV);
  const balancers: NodeProcess[] = [];
  try {
    for (const pair of [
      [first, second],
      [firstOff, secondOff],
    ]) {
      balancers.push(
        await startNodeProcess({
          args: ['--import', 'tsx', path.join(import.meta.dirname, 'balancer-server.ts'), ...pair.map((p) => p.url)],
          readyPath: '/__balancer/health',
        }),
      );
    }
    const [on, off] = balancers as [NodeProcess, NodeProcess];
    const load = { durationSeconds: options.durationSeconds, connections: options.connections[0]! };
    for (const balancer of balancers) await loadTest(balancer.url, codes, { ...load, durationSeconds: 2 });
    const before = await balancerCounts(on);
    const paired = await measurePair(store, on.url, off.url, codes, load);
    const after = await balancerCounts(on);
    const answered = after.map((count, index) => count.ok - before[index]!.ok);
    const refused = after.map((count, index) => count.other - before[index]!.other);
    const total = answered.reduce((sum, count) => sum + count, 0);
    return answered.map((count, index) => ({
      process: index === 0 ? 'first' : 'second',
      'answers (limits on)': count,
      'not 2xx/304': refused[index],
      share: `${round((100 * count) / Math.max(total, 1), 1)} %`,
      'req/s limits on (both)': Math.round(paired.on.requestsPerSecond),
      'req/s limits off (both)': Math.round(paired.off.requestsPerSecond),
      'on/off': round(paired.on.requestsPerSecond / paired.off.requestsPerSecond, 2),
      'limit writes/s': round(paired.writesPerSecond ?? 0, 1),
      'p99 ms on': paired.on.p99Ms,
      'load avg': loadAverage(),
    }));
  } finally {
    for (const balancer of balancers) await balancer.stop();
    await second.stop();
    await secondOff.stop();
  }
}

async function balancerCounts(balancer: NodeProcess): Promise<{ ok: number; other: number }[]> {
  return (await (await fetch(`${balancer.url}/__balancer/counts`)).json()) as { ok: number; other: number }[];
}

/** Runs the tracking benchmark on PGlite and (when reachable) PostgreSQL; prints and returns the rows. */
export async function runTrackBench(options: TrackOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const shares: Row[] = [];
  const pgliteDir = await createDataDir();
  try {
    rows.push(...(await measureStore({ kind: 'pglite', dataDir: pgliteDir }, options)).rows);
  } finally {
    await removeDataDir(pgliteDir);
  }
  if (options.postgres) {
    const dataDir = await createDataDir();
    const databaseUrl = await createBenchDatabase('waybill_bench_track');
    try {
      const measured = await measureStore({ kind: 'postgres', dataDir, databaseUrl }, options);
      rows.push(...measured.rows);
      shares.push(...measured.shares);
    } finally {
      await dropBenchDatabase('waybill_bench_track');
      await removeDataDir(dataDir);
    }
  }
  printTable(
    `Tracking under load: GET /api/track/:code, ${options.connections.join(' and ')} connections, ${options.durationSeconds} s each (limits on and off ${ROUNDS} times each, in turn), codes from ${options.packages} packages with ${options.updates} updates, ${LOOKUPS_PER_CLIENT} look-ups per forwarded client; servers as in production (NODE_ENV=production, default log level)`,
    rows,
  );
  if (shares.length > 0) {
    printTable(
      `Tracking on two processes (one PostgreSQL) behind a round-robin balancer, ${options.connections[0]} connections, ${options.durationSeconds} s, limits on and off in turn: each process's share`,
      shares,
    );
  }
  return [...rows, ...shares];
}
