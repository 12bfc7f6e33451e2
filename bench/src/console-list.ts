// Console list at scale: the console's first page, a status filter and three searches timed over HTTP
// with a signed-in session, at a small and a large number of seeded packages; the ratio large/small,
// beside the goal: at most 1.5 (the list's cost does not grow with the table).
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import {
  createDataDir,
  type DataStore,
  removeDataDir,
  seedStore,
  startProductionWaybill,
} from './lib/server-process.ts';
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

/** One timed request; `total` is X-Total-Count, with "+" when the server says the count stopped at a cap. */
async function timeRequest(url: string, session: Session) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie: session.cookie } });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const capped = response.headers.has('x-total-count-capped') ? '+' : '';
  return { ms, total: `${response.headers.get('x-total-count')}${capped}` };
}

interface Running {
  server: Awaited<ReturnType<typeof startProductionWaybill>>;
  session: Session;
  code: string;
}

/** A seeded store with its server running and an operator signed in. */
async function prepare(store: DataStore, packages: number): Promise<Running> {
  const codes = await seedStore(store, packages, 1);
  // As in production: limits on, NODE_ENV=production, the default log level.
  const server = await startProductionWaybill(store);
  try {
    return { server, session: await signIn(server.url), code: codes[Math.floor(codes.length / 2)]! };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function measureStore(kind: DataStore['kind'], options: ConsoleOptions): Promise<Row[]> {
  const made: { dataDir: string; database: string; databaseUrl?: string; running?: Running }[] = [];
  try {
    for (const size of options.sizes) {
      const dataDir = await createDataDir();
      const database = `waybill_bench_console_${size}`;
      const entry: (typeof made)[number] = { dataDir, database };
      made.push(entry);
      if (kind === 'postgres') entry.databaseUrl = await createBenchDatabase(database);
      entry.running = await prepare({ kind, dataDir, databaseUrl: entry.databaseUrl }, size);
    }
    // Both sizes are served at once and each round asks the small one, then the large one: a shared
    // machine's load then falls on both alike (timed one size after the other, minutes apart, the
    // ratio of sub-millisecond queries moved between 0.8 and 3.3 from run to run).
    const times = QUERIES.map(() => made.map(() => [] as number[]));
    const totals = QUERIES.map(() => made.map(() => ''));
    for (let attempt = 0; attempt < options.repeats + 3; attempt++) {
      for (const [q, { query }] of QUERIES.entries()) {
        for (const [s, { running }] of made.entries()) {
          const path = `/api/admin/packages${query ? `?${query.replace('{code}', running!.code)}` : ''}`;
          const { ms, total } = await timeRequest(`${running!.server.url}${path}`, running!.session);
          if (attempt >= 3) times[q]![s]!.push(ms);
          totals[q]![s] = total;
        }
      }
    }
    return QUERIES.map(({ name }, q) => {
      const small = median(times[q]![0]!);
      const large = median(times[q]![1]!);
      return {
        database: kind,
        query: name,
        [`ms @${options.sizes[0]}`]: round(small, 2),
        [`ms @${options.sizes[1]}`]: round(large, 2),
        [`matches @${options.sizes[1]}`]: totals[q]![1],
        ratio: round(large / small, 2),
        goal: `≤ ${GOAL_RATIO}`,
        met: large / small <= GOAL_RATIO ? 'yes' : 'no',
      };
    });
  } finally {
    for (const { dataDir, database, databaseUrl, running } of made) {
      await running?.server.stop();
      if (databaseUrl) await dropBenchDatabase(database);
      await removeDataDir(dataDir);
    }
  }
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
