// Bulk actions and the CSV export at scale. Export: the whole package list as CSV over HTTP at a small
// and a large number of seeded packages, the server's resident memory sampled while it streams (an
// export that held its rows would grow with them). Bulk: one request of 500 location updates and one
// of 500 status changes, each a transaction per package with its notifications queued.
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { type Session, signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

export interface BulkExportOptions {
  sizes: [small: number, large: number];
  postgres: boolean;
}

const MB = 1024 * 1024;

/** Reads the export as a client that keeps nothing: bytes and rows counted, memory sampled meanwhile. */
async function timeExport(baseUrl: string, session: Session, memory: () => { rssBytes: number }) {
  const before = memory().rssBytes;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory().rssBytes);
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/admin/packages.csv`, { headers: { cookie: session.cookie } });
    if (!response.ok || !response.body) throw new Error(`GET /api/admin/packages.csv answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines++;
    }
    return { ms: performance.now() - started, bytes, lines, rssBeforeMb: before / MB, rssPeakMb: peak / MB };
  } finally {
    clearInterval(sampler);
  }
}

async function timeBulk(baseUrl: string, session: Session, body: object) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-xsrf-token': session.xsrf },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { results?: { ok: boolean }[] };
  if (!response.ok || !answer.results) throw new Error(`POST /api/admin/bulk answered ${response.status}`);
  return { ms: performance.now() - started, done: answer.results.filter((result) => result.ok).length };
}

async function measureSize(store: DataStore, packages: number, bulk: boolean): Promise<Row[]> {
  const codes = await seedStore(store, packages, 1);
  const server = await startWaybill(store);
  try {
    const session = await signIn(server.url);
    const rows: Row[] = [];
    const exported = await timeExport(server.url, session, server.memory);
    rows.push({
      database: store.kind,
      what: `export ${packages} packages`,
      ms: round(exported.ms),
      rows: exported.lines - 1,
      MB: round(exported.bytes / MB, 1),
      'server RSS before MB': round(exported.rssBeforeMb),
      'server RSS peak MB': round(exported.rssPeakMb),
    });
    if (bulk) {
      const some = codes.slice(0, 500);
      const located = await timeBulk(server.url, session, {
        action: 'location',
        location: 'Bench hub',
        trackingCodes: some,
      });
      rows.push({ database: store.kind, what: '500 location updates', ms: round(located.ms), done: located.done });
      // The seeded statuses include Pending ones, which refuse a status change (counted as not done).
      const changed = await timeBulk(server.url, session, { action: 'status', status: 'Delayed', trackingCodes: some });
      rows.push({ database: store.kind, what: '500 status changes', ms: round(changed.ms), done: changed.done });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function measureStore(kind: DataStore['kind'], options: BulkExportOptions): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of options.sizes) {
    const dataDir = await createDataDir();
    const database = `waybill_bench_export_${size}`;
    const databaseUrl = kind === 'postgres' ? await createBenchDatabase(database) : undefined;
    try {
      rows.push(...(await measureSize({ kind, dataDir, databaseUrl }, size, size === options.sizes[1])));
    } finally {
      if (databaseUrl) await dropBenchDatabase(database);
      await removeDataDir(dataDir);
    }
  }
  return rows;
}

export async function runBulkExportBench(options: BulkExportOptions): Promise<Row[]> {
  const rows = await measureStore('pglite', options);
  if (options.postgres) rows.push(...(await measureStore('postgres', options)));
  printTable('Bulk actions and CSV export', rows);
  return rows;
}
