// Console list at scale: the console's first page, a status filter and two searches timed over HTTP
// with a signed-in session, at a small and a large number of seeded packages; the ratio large/small,
// beside the goal: at most 1.5 (the list's cost does not grow with the table).
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { type Session, signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

export interface ConsoleOptions {
  sizes: [small: number, large: number];
  /** Timed requests per query (after warm-up); the median is kept. */
  repeats: number;
  postgres: boolean;
}

// What an operator does: open the list, filter by a status, look up a customer by e-mail (a rare
// match, what search is for) and by a common surname (a fifth of all rows match).
// The tracking-code search uses a code of the seeded set ({code}).
/** The most the large size may cost against the small one. */
const GOAL_RATIO = 1.5;

const QUERIES: { name: string; query: string }[] = [
  { name: 'first page', query: '' },
  { name: 'status filter', query: 'status=Shipped' },
  { name: 'search (tracking code)', query: 'q={code}' },
  { name: 'search (e-mail)', query: 'q=alan.liskov42%40example.com' },
  { name: 'search (common name)', query: 'q=lovelace' },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timeQuery(baseUrl: string, session: Session, query: string, repeats: number) {
  const url = `${baseUrl}/api/admin/packages${query ? `?${query}` : ''}`;
  const headers = { cookie: session.cookie };
  const times: number[] = [];
  let total = '';
  for (let attempt = 0; attempt < repeats + 3; attempt++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    // A search's count stops at a cap, which the server says: "1000+".
    total = `${response.headers.get('x-total-count')}${response.headers.has('x-total-count-capped') ? '+' : ''}`;
    if (attempt >= 3) times.push(performance.now() - started);
  }
  return { ms: median(times), total };
}

async function measureSize(store: DataStore, packages: number, repeats: number) {
  const codes = await seedStore(store, packages, 1);
  const code = codes[Math.floor(codes.length / 2)]!;
  const server = await startWaybill(store);
  try {
    const session = await signIn(server.url);
    const figures = new Map<string, { ms: number; total: string }>();
    for (const { name, query } of QUERIES)
      figures.set(name, await timeQuery(server.url, session, query.replace('{code}', code), repeats));
    return figures;
  } finally {
    await server.stop();
  }
}

async function measureStore(kind: DataStore['kind'], options: ConsoleOptions): Promise<Row[]> {
  const results = [];
  for (const size of options.sizes) {
    const dataDir = await createDataDir();
    const database = `waybill_bench_console_${size}`;
    const databaseUrl = kind === 'postgres' ? await createBenchDatabase(database) : undefined;
    try {
      results.push(await measureSize({ kind, dataDir, databaseUrl }, size, options.repeats));
    } finally {
      if (databaseUrl) await dropBenchDatabase(database);
      await removeDataDir(dataDir);
    }
  }
  const [small, large] = results as [Map<string, { ms: number; total: string }>, (typeof results)[0]];
  return QUERIES.map(({ name }) => {
    const a = small.get(name)!;
    const b = large.get(name)!;
    return {
      database: kind,
      query: name,
      [`ms @${options.sizes[0]}`]: round(a.ms, 2),
      [`ms @${options.sizes[1]}`]: round(b.ms, 2),
      [`matches @${options.sizes[1]}`]: b.total,
      ratio: round(b.ms / a.ms, 2),
      goal: `≤ ${GOAL_RATIO}`,
      met: b.ms / a.ms <= GOAL_RATIO ? 'yes' : 'no',
    };
  });
}

/** Runs the console list benchmark on PGlite and (when reachable) PostgreSQL. */
export async function runConsoleBench(options: ConsoleOptions): Promise<Row[]> {
  const rows = await measureStore('pglite', options);
  if (options.postgres) rows.push(...(await measureStore('postgres', options)));
  printTable(
    `Console list: GET /api/admin/packages (page of 24, signed in), median of ${options.repeats}; ratio = ${options.sizes[1]} / ${options.sizes[0]} packages`,
    rows,
  );
  return rows;
}
