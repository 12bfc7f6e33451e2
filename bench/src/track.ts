// Tracking under load: autocannon against GET /api/track/:code on the real server and on a bare
// node:http server answering the same JSON from memory, on PGlite and on PostgreSQL.
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
  connections: number;
  postgres: boolean;
}

interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Codes cycled per request through autocannon's request setup, so every request asks for another package. */
async function loadTest(url: string, codes: string[], options: TrackOptions): Promise<LoadFigures> {
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

/** The real server's answers for the codes, which the baseline serves from memory. */
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

async function measureStore(store: DataStore, options: TrackOptions): Promise<Row[]> {
  const codes = await seedStore(store, options.packages, options.updates);
  const server = await startWaybill(store);
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
    // Warm both (JIT, connection pool, caches) before measuring.
    const warmUp = { ...options, durationSeconds: 2 };
    await loadTest(server.url, codes, warmUp);
    await loadTest(baseline.url, codes, warmUp);
    const bare = await loadTest(baseline.url, codes, options);
    const real = await loadTest(server.url, codes, options);
    const row = (name: string, figures: LoadFigures): Row => ({
      database: store.kind,
      server: name,
      'req/s': Math.round(figures.requestsPerSecond),
      'p50 ms': figures.p50Ms,
      'p99 ms': figures.p99Ms,
      errors: figures.errors + figures.non2xx,
    });
    return [
      row('node:http (memory)', bare),
      { ...row('Waybill', real), ratio: round(real.requestsPerSecond / bare.requestsPerSecond, 2) },
    ];
  } finally {
    await baseline?.stop();
    await server.stop();
  }
}

/** Runs the tracking benchmark on PGlite and (when reachable) PostgreSQL; prints and returns the rows. */
export async function runTrackBench(options: TrackOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const pgliteDir = await createDataDir();
  try {
    rows.push(...(await measureStore({ kind: 'pglite', dataDir: pgliteDir }, options)));
  } finally {
    await removeDataDir(pgliteDir);
  }
  if (options.postgres) {
    const dataDir = await createDataDir();
    const databaseUrl = await createBenchDatabase('waybill_bench_track');
    try {
      rows.push(...(await measureStore({ kind: 'postgres', dataDir, databaseUrl }, options)));
    } finally {
      await dropBenchDatabase('waybill_bench_track');
      await removeDataDir(dataDir);
    }
  }
  printTable(
    `Tracking under load: GET /api/track/:code, ${options.connections} connections, ${options.durationSeconds} s, codes from ${options.packages} packages with ${options.updates} updates`,
    rows,
  );
  return rows;
}
