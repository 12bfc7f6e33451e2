// Tracking under load: autocannon against GET /api/track/:code on the real server (at its default log
// level, one line per request) and on a bare node:http server answering the same JSON from memory, on
// PGlite and on PostgreSQL, at each number of connections; each figure beside its goal. On PostgreSQL
// also two server processes behind a round-robin balancer, with each one's share of the answers.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type NodeProcess, startNodeProcess } from '@waybill/testing';
import autocannon, { type Result } from 'autocannon';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
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

/** Codes cycled per request through autocannon's request setup, so every request asks for another package. */
async function loadTest(url: string, codes: string[], options: LoadOptions): Promise<LoadFigures> {
  let next = 0;
  const result: Result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          request.path = `/api/track/${codes[next++ % codes.length]}`;
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
async function collectBodies(server: NodeProcess, codes: string[]): Promise<Record<string, unknown>> {
  const bodies: Record<string, unknown> = {};
  let next = 0;
  const fetchNext = async () => {
    while (next < codes.length) {
      const code = codes[next++]!;
      const response = await fetch(`${server.url}/api/track/${code}`);
      if (!response.ok) throw new Error(`GET /api/track/${code} answered ${response.status}`);
      bodies[code] = await response.json();
    }
  };
  await Promise.all(Array.from({ length: 16 }, fetchNext));
  return bodies;
}

const formatGoal = (met: boolean, goal: string) => `${goal} ${met ? 'met' : 'not met'}`;

async function measureStore(store: DataStore, options: TrackOptions): Promise<{ rows: Row[]; shares: Row[] }> {
  const codes = await seedStore(store, options.packages, options.updates);
  // The server's default log level (one line per request), as in production.
  const production = { LOG_LEVEL: undefined };
  const server = await startWaybill(store, production);
  let baseline: NodeProcess | undefined;
  try {
    const bodies = await collectBodies(server, codes);
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
      // Warm each (JIT, connection pool, caches) just before it is measured. The real server is first
      // asked for every code once, as the baseline holds every answer: its answers live 45–60 s, and a
      // 2 s warm-up on a slow machine reached a fraction of the codes, so the measured pass read the
      // database and not the cache it is meant to measure.
      const warmUp = { ...load, durationSeconds: 2 };
      await loadTest(baseline.url, codes, warmUp);
      const bare = await loadTest(baseline.url, codes, load);
      await collectBodies(server, codes);
      await loadTest(server.url, codes, warmUp);
      const real = await loadTest(server.url, codes, load);
      const row = (name: string, figures: LoadFigures): Row => ({
        database: store.kind,
        connections,
        server: name,
        'req/s': Math.round(figures.requestsPerSecond),
        'p50 ms': figures.p50Ms,
        'p99 ms': figures.p99Ms,
        errors: figures.errors + figures.non2xx,
      });
      const ratio = real.requestsPerSecond / bare.requestsPerSecond;
      const ratioGoal = GOALS.ratio[store.kind];
      const p99Goal = GOALS.p99Connections[store.kind].includes(connections);
      rows.push(row('node:http (memory)', bare), {
        ...row('Waybill', real),
        ratio: round(ratio, 2),
        'ratio goal': ratioGoal === undefined ? '' : formatGoal(ratio >= ratioGoal, `≥ ${ratioGoal}`),
        'p99 goal': p99Goal ? formatGoal(real.p99Ms <= GOALS.p99Ms, `≤ ${GOALS.p99Ms} ms`) : '',
      });
    }
    await baseline.stop();
    baseline = undefined;
    const shares = store.kind === 'postgres' ? await measureShares(store, server, codes, options) : [];
    return { rows, shares };
  } finally {
    await baseline?.stop();
    await server.stop();
  }
}

/**
 * Two server processes on one PostgreSQL behind a round-robin balancer (a process of its own): how
 * many answers each gave. Each process keeps its own cache of answers, kept true by the database's
 * change notifications.
 */
async function measureShares(store: DataStore, first: NodeProcess, codes: string[], options: TrackOptions) {
  const second = await startWaybill(store, { LOG_LEVEL: undefined });
  let balancer: NodeProcess | undefined;
  try {
    balancer = await startNodeProcess({
      args: ['--import', 'tsx', path.join(import.meta.dirname, 'balancer-server.ts'), first.url, second.url],
      readyPath: '/__balancer/health',
    });
    const load = { durationSeconds: options.durationSeconds, connections: options.connections[0]! };
    await loadTest(balancer.url, codes, { ...load, durationSeconds: 2 });
    const before = await balancerCounts(balancer);
    const figures = await loadTest(balancer.url, codes, load);
    const after = await balancerCounts(balancer);
    const answered = after.map((count, index) => count.ok - before[index]!.ok);
    const refused = after.map((count, index) => count.other - before[index]!.other);
    const total = answered.reduce((sum, count) => sum + count, 0);
    return answered.map((count, index) => ({
      process: index === 0 ? 'first' : 'second',
      answers: count,
      'not 2xx/304': refused[index],
      share: `${round((100 * count) / Math.max(total, 1), 1)} %`,
      'req/s (both, through the balancer)': Math.round(figures.requestsPerSecond),
      'p99 ms': figures.p99Ms,
    }));
  } finally {
    await balancer?.stop();
    await second.stop();
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
    `Tracking under load: GET /api/track/:code, ${options.connections.join(' and ')} connections, ${options.durationSeconds} s each, codes from ${options.packages} packages with ${options.updates} updates; server at its default log level`,
    rows,
  );
  if (shares.length > 0) {
    printTable(
      `Tracking on two processes (one PostgreSQL) behind a round-robin balancer, ${options.connections[0]} connections, ${options.durationSeconds} s: each process's share`,
      shares,
    );
  }
  return [...rows, ...shares];
}
