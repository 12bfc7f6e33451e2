// Shipping labels: one label (GET /api/admin/packages/{code}/label) and 100 labels of different
// packages as one PDF (POST /api/admin/labels, 4x6 and A4), timed over HTTP with a signed-in session on
// the real server. Targets: one label under 150 ms, 100 labels under 3 s.
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { type Session, signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

export interface LabelsOptions {
  /** Timed single labels (after warm-up); the median and the slowest are kept. */
  singles: number;
  /** Timed 100-label documents of each size. */
  batches: number;
  postgres: boolean;
}

const BATCH_SIZE = 100;
const WARM_UP = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timePdf(url: string, init: RequestInit): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') {
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${Buffer.from(body).toString()}`);
  }
  return { ms, bytes: body.byteLength };
}

async function measure(baseUrl: string, session: Session, codes: string[], options: LabelsOptions) {
  const rows: { what: string; times: number[]; bytes: number }[] = [];
  const single = { what: 'one label (4x6)', times: [] as number[], bytes: 0 };
  for (let attempt = 0; attempt < WARM_UP + options.singles; attempt++) {
    const code = codes[attempt % codes.length]!;
    const { ms, bytes } = await timePdf(`${baseUrl}/api/admin/packages/${code}/label`, {
      headers: { cookie: session.cookie },
    });
    if (attempt >= WARM_UP) single.times.push(ms);
    single.bytes = bytes;
  }
  rows.push(single);
  for (const size of ['4x6', 'a4'] as const) {
    const batch = { what: `${BATCH_SIZE} labels (${size})`, times: [] as number[], bytes: 0 };
    for (let attempt = 0; attempt < 1 + options.batches; attempt++) {
      const { ms, bytes } = await timePdf(`${baseUrl}/api/admin/labels`, {
        method: 'POST',
        headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, 'content-type': 'application/json' },
        body: JSON.stringify({ trackingCodes: codes.slice(0, BATCH_SIZE), size }),
      });
      if (attempt >= 1) batch.times.push(ms);
      batch.bytes = bytes;
    }
    rows.push(batch);
  }
  return rows;
}

async function measureStore(kind: DataStore['kind'], options: LabelsOptions): Promise<Row[]> {
  const dataDir = await createDataDir();
  const database = 'waybill_bench_labels';
  const databaseUrl = kind === 'postgres' ? await createBenchDatabase(database) : undefined;
  try {
    const store = { kind, dataDir, databaseUrl };
    // About three packages in four of the seed have a status that can have a label.
    const codes = await seedStore(store, 200, 1);
    if (codes.length < BATCH_SIZE) throw new Error(`only ${codes.length} packages can have a label`);
    const server = await startWaybill(store);
    try {
      const session = await signIn(server.url);
      const rows = await measure(server.url, session, codes, options);
      return rows.map(({ what, times, bytes }) => ({
        database: kind,
        request: what,
        'median ms': round(median(times), 1),
        'slowest ms': round(Math.max(...times), 1),
        runs: times.length,
        'PDF kB': round(bytes / 1024, 0),
      }));
    } finally {
      await server.stop();
    }
  } finally {
    if (databaseUrl) await dropBenchDatabase(database);
    await removeDataDir(dataDir);
  }
}

/** Runs the label benchmark on PGlite and (when reachable) PostgreSQL. */
export async function runLabelsBench(options: LabelsOptions): Promise<Row[]> {
  const rows = await measureStore('pglite', options);
  if (options.postgres) rows.push(...(await measureStore('postgres', options)));
  printTable(`Shipping labels over HTTP, signed in (targets: one under 150 ms, ${BATCH_SIZE} under 3000 ms)`, rows);
  return rows;
}
