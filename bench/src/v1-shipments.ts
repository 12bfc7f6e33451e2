// /api/v1 for web shops: POST /api/v1/shipments at a steady 100 requests a second for 20 s against one
// process of the production build on PostgreSQL, as production runs it (limits on: each key keeps its
// 600 a minute, so the shop's traffic goes out under KEYS keys, as a shop with several stores would),
// each request with its own Idempotency-Key. Sent at fixed times whatever the answers take (an open
// loop), so a slow answer shows in the latencies instead of slowing the sender.
// Goal: 100 requests a second sustained with p99 under 100 ms.
import { accountOwner, createApiKeys, postV1Shipment } from './lib/accounts.ts';
import { processCpuMs } from './lib/cpu.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, startProductionWaybill } from './lib/server-process.ts';
import { signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

const RATE = 100;
const SECONDS = 20;
const KEYS = 5;
const GOAL_P99_MS = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function benchStore(store: DataStore, database: string): Promise<Row> {
  const server = await startProductionWaybill(store, { SMTP_URL: undefined, MAIL_OUTBOX_POLL_MS: '100' });
  try {
    const operator = await signIn(server.url);
    const owner = await accountOwner(server.url, store.dataDir, operator);
    const keys = await createApiKeys(server.url, owner, KEYS);
    const send = async (n: number) => {
      const started = performance.now();
      try {
        const status = await postV1Shipment(server.url, keys[n % KEYS]!);
        return { ms: performance.now() - started, status };
      } catch {
        // No answer (a connection not taken within undici's 10 s): counted among the other answers as 0.
        return { ms: performance.now() - started, status: 0 };
      }
    };
    // A short warm-up, not counted.
    await Promise.all(Array.from({ length: 10 }, (_, n) => send(n)));

    const total = RATE * SECONDS;
    const answers: Promise<{ ms: number; status: number }>[] = [];
    const cpuBefore = processCpuMs(server.pid);
    const began = performance.now();
    for (let n = 0; n < total; n += 1) {
      const due = began + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      answers.push(send(n));
    }
    const results = await Promise.all(answers);
    const elapsedS = (performance.now() - began) / 1000;
    // The server's CPU time (every thread) from the first request to the last answer, per request.
    const cpuPerRequest = (processCpuMs(server.pid) - cpuBefore) / total;
    const created = results.filter((result) => result.status === 201);
    const sorted = created.map((result) => result.ms).sort((a, b) => a - b);
    const others = results.length - created.length;
    return {
      database,
      requests: total,
      'created (201)': created.length,
      'other answers': others === 0 ? 0 : `${others} (${[...new Set(results.map((r) => r.status))].join(', ')})`,
      'achieved (req/s)': round(created.length / elapsedS),
      'p50 (ms)': round(percentile(sorted, 0.5)),
      'p99 (ms)': round(percentile(sorted, 0.99)),
      'max (ms)': round(sorted.at(-1) ?? 0),
      'server CPU (ms/request)': round(cpuPerRequest),
      goal: `${RATE}/s, p99 < ${GOAL_P99_MS} ms`,
    };
  } finally {
    await server.stop();
  }
}

export async function runV1Bench(options: { postgres: boolean }): Promise<Row[]> {
  const rows: Row[] = [];
  if (options.postgres) {
    const database = 'waybill_bench_v1';
    const databaseUrl = await createBenchDatabase(database);
    const dataDir = await createDataDir();
    try {
      rows.push(await benchStore({ kind: 'postgres', dataDir, databaseUrl }, 'PostgreSQL'));
    } finally {
      await removeDataDir(dataDir);
      await dropBenchDatabase(database);
    }
  }
  const dataDir = await createDataDir();
  try {
    rows.push(await benchStore({ kind: 'pglite', dataDir }, 'PGlite'));
  } finally {
    await removeDataDir(dataDir);
  }
  printTable(`POST /api/v1/shipments: ${RATE} a second for ${SECONDS} s, one process, production settings`, rows);
  return rows;
}
