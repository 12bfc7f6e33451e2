// Where the tracking time goes on PostgreSQL: the real server answering without the database
// (GET /api/company), with one trivial query (GET /api/health: select 1) and the track lookup, each
// under the same load. Run by hand: node --import tsx bench/src/track-floor.ts
import autocannon from 'autocannon';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { printTable, type Row } from './lib/table.ts';

const DATABASE = 'waybill_bench_floor';
const dataDir = await createDataDir();
const store = { kind: 'postgres' as const, dataDir, databaseUrl: await createBenchDatabase(DATABASE) };
try {
  const codes = await seedStore(store, 2000, 20);
  const server = await startWaybill(store);
  try {
    const measure = async (path: (index: number) => string) => {
      let next = 0;
      const result = await autocannon({
        url: server.url,
        connections: 10,
        duration: 8,
        requests: [{ setupRequest: (request) => ({ ...request, path: path(next++) }) }],
      });
      return { 'req/s': Math.round(result.requests.average), 'p99 ms': result.latency.p99, non2xx: result.non2xx };
    };
    await measure((index) => `/api/track/${codes[index % codes.length]}`); // warm-up
    const rows: Row[] = [
      { route: 'GET /api/company (no database)', ...(await measure(() => '/api/company')) },
      { route: 'GET /api/health (select 1)', ...(await measure(() => '/api/health')) },
      { route: 'GET /api/track/:code', ...(await measure((index) => `/api/track/${codes[index % codes.length]}`)) },
    ];
    printTable('Tracking floor on PostgreSQL: 10 connections, 8 s each', rows);
  } finally {
    await server.stop();
  }
} finally {
  await dropBenchDatabase(DATABASE);
  await removeDataDir(dataDir);
}
