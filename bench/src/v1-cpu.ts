// The server's CPU time per POST /api/v1/shipments, a figure that holds on a shared machine where the
// wall-clock ones do not. One production process as in v1-shipments.ts (five keys, limits on); after
// 100 requests to warm it up, the process's CPU time (user + system of every thread, /proc/<pid>/stat)
// idle for 8 s, then over N requests sent at a low rate (nothing queues) and the 5 s after the last
// answer (the event consumers' passes); that less the idle rate over as long, divided by N.
// `node --import tsx bench/src/v1-cpu.ts [--db pglite|postgres] [--n 300] [--rate 20] [--prof dir]`
// (`--prof`: the server runs with --cpu-prof, its profiles written to dir when it stops).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { accountOwner, createApiKeys, postV1Shipment } from './lib/accounts.ts';
import { processCpuMs } from './lib/cpu.ts';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, startProductionWaybill } from './lib/server-process.ts';
import { signIn } from './lib/session.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    n: { type: 'string', default: '300' },
    rate: { type: 'string', default: '20' },
    prof: { type: 'string' },
  },
});
const N = Number(values.n);
const RATE = Number(values.rate);
const KEYS = 5;
/** After the last answer, the event consumers' passes over the last events. */
const SETTLE_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(store: DataStore): Promise<void> {
  const env: Record<string, string | undefined> = { SMTP_URL: undefined, MAIL_OUTBOX_POLL_MS: '100' };
  if (values.prof) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${values.prof}`;
  const server = await startProductionWaybill(store, env);
  try {
    const operator = await signIn(server.url);
    const owner = await accountOwner(server.url, store.dataDir, operator);
    const keys = await createApiKeys(server.url, owner, KEYS);
    const statuses = new Map<number, number>();
    const send = async (n: number) => {
      const status = await postV1Shipment(server.url, keys[n % KEYS]!);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    };
    const run = async (count: number) => {
      const sent: Promise<void>[] = [];
      const began = performance.now();
      for (let n = 0; n < count; n += 1) {
        const wait = began + (n * 1000) / RATE - performance.now();
        if (wait > 0) await sleep(wait);
        sent.push(send(n));
      }
      await Promise.all(sent);
    };
    await run(100);
    await sleep(5000);
    statuses.clear();

    const idleFrom = processCpuMs(server.pid);
    const idleBegan = performance.now();
    await sleep(8000);
    const idlePerMs = (processCpuMs(server.pid) - idleFrom) / (performance.now() - idleBegan);

    const from = processCpuMs(server.pid);
    const began = performance.now();
    await run(N);
    await sleep(SETTLE_MS);
    const span = performance.now() - began;
    const used = processCpuMs(server.pid) - from;
    const net = used - idlePerMs * span;
    console.log(
      JSON.stringify({
        db: store.kind,
        requests: N,
        rate: RATE,
        statuses: Object.fromEntries(statuses),
        cpuMs: Math.round(used),
        idleCpuMsPerS: Math.round(idlePerMs * 1000 * 10) / 10,
        cpuMsPerRequest: Math.round((net / N) * 100) / 100,
        load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      }),
    );
  } finally {
    await server.stop();
  }
}

if (values.db === 'postgres') {
  const database = 'waybill_bench_v1cpu';
  const databaseUrl = await createBenchDatabase(database);
  const dataDir = await createDataDir();
  try {
    await measure({ kind: 'postgres', dataDir, databaseUrl });
  } finally {
    await removeDataDir(dataDir);
    await dropBenchDatabase(database);
  }
} else {
  const dataDir = await createDataDir();
  try {
    await measure({ kind: 'pglite', dataDir });
  } finally {
    await removeDataDir(dataDir);
  }
}
