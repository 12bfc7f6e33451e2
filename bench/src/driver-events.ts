// Driver events: what the driver app sends when its phone is back online (POST /api/driver/events),
// timed over HTTP on the real server: a batch of 20 loaded events, one of 200 loaded events, and one of
// 200 that deliver 60 packages and record a failed attempt on 40 (each loaded first), every batch on
// packages of today's run not yet out. Target: 200 events answered in under 1 s on both databases.
import { localDay } from '@waybill/domain';
import { createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { createDataDir, type DataStore, removeDataDir, seedStore, startWaybill } from './lib/server-process.ts';
import { type Session, signIn } from './lib/session.ts';
import { printTable, type Row, round } from './lib/table.ts';

export interface DriverEventsOptions {
  /** Timed batches of each kind (after one warm-up round). */
  rounds: number;
  postgres: boolean;
}

const TARGET_MS = 1_000;

type Event = Record<string, string>;

interface Batch {
  name: string;
  /** Packages it acts on. */
  packages: number;
  events(codes: string[], at: (minutesAgo: number) => string): Event[];
}

const BATCHES: Batch[] = [
  { name: '20 loaded', packages: 20, events: (codes, at) => codes.map((code) => event('loaded', code, at(30))) },
  { name: '200 loaded', packages: 200, events: (codes, at) => codes.map((code) => event('loaded', code, at(30))) },
  {
    name: '200: 100 loaded, 60 delivered, 40 failed attempts',
    packages: 100,
    events: (codes, at) =>
      codes.flatMap((code, index) => [
        event('loaded', code, at(30)),
        index < 60
          ? { ...event('delivered', code, at(10)), receivedBy: 'Kofi Mensah' }
          : { ...event('attempt_failed', code, at(10)), reason: 'Nobody at home' },
      ]),
  },
];

function event(type: string, trackingCode: string, at: string): Event {
  return { id: crypto.randomUUID(), type, trackingCode, at };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A JSON request of the signed-in operator; throws on an answer other than `expected`. */
async function call(baseUrl: string, session: Session, method: string, path: string, body?: unknown, expected = 200) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * Sets the run's stops, again until the answer comes quicker than the 2 s a console write waits at most
 * for the consumers' pass over earlier changes (e-mails): then that pass is over, and the next batch is
 * timed on its own. (On PGlite, whose one connection the consumers share, a batch sent during their pass
 * waits for their current transaction.)
 */
async function settle(baseUrl: string, session: Session, path: string, body: unknown): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const started = performance.now();
    await call(baseUrl, session, 'PUT', path, body);
    if (performance.now() - started < 1_500) return;
  }
}

/** Codes of packages not out yet that can go out and are on no run today, as Dispatch lists them. */
async function unassignedCodes(baseUrl: string, session: Session, day: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; codes.length < count; page++) {
    const path = `/api/admin/runs/unassigned?date=${day}&page=${page}&pageSize=100`;
    const found: { trackingCode: string; status: string }[] = await call(baseUrl, session, 'GET', path);
    if (found.length === 0) throw new Error(`only ${codes.length} packages can go out; ${count} needed`);
    for (const item of found) if (item.status !== 'Out for Delivery') codes.push(item.trackingCode);
  }
  return codes.slice(0, count);
}

async function measureStore(kind: DataStore['kind'], options: DriverEventsOptions): Promise<Row[]> {
  const dataDir = await createDataDir();
  const database = 'waybill_bench_driver_events';
  const databaseUrl = kind === 'postgres' ? await createBenchDatabase(database) : undefined;
  try {
    const store = { kind, dataDir, databaseUrl };
    const perRound = BATCHES.reduce((sum, batch) => sum + batch.packages, 0);
    const needed = perRound * (options.rounds + 1);
    // Five of the seed's nine statuses can go out and are not out yet.
    await seedStore(store, needed * 3, 1);
    const server = await startWaybill(store);
    try {
      const session = await signIn(server.url);
      const day = localDay(new Date());
      const driver = await call(
        server.url,
        session,
        'POST',
        '/api/admin/operators',
        { email: 'driver@bench.waybill.local', name: 'Bench Driver', role: 'driver' },
        201,
      );
      const run = await call(server.url, session, 'POST', '/api/admin/runs', { driverId: driver.id, date: day }, 201);
      const codes = await unassignedCodes(server.url, session, day, needed);
      const times = new Map<Batch, { ms: number; events: number }[]>(BATCHES.map((batch) => [batch, []]));
      for (let index = 0; index <= options.rounds; index++) {
        for (const batch of BATCHES) {
          const stops = codes.splice(0, batch.packages);
          await settle(server.url, session, `/api/admin/runs/${run.id}/stops`, { trackingCodes: stops });
          const now = Date.now();
          const events = batch.events(stops, (minutesAgo) => new Date(now - minutesAgo * 60_000).toISOString());
          // Sent as the admin, who may act on any run's stop (a driver signs in after an e-mailed invitation).
          const started = performance.now();
          const answer = await call(server.url, session, 'POST', '/api/driver/events', { events });
          const ms = performance.now() - started;
          const refused = answer.results.filter((result: { status: string }) => result.status !== 'applied');
          if (refused.length > 0) throw new Error(`${batch.name}: not applied: ${JSON.stringify(refused[0])}`);
          // The first round warms the server up.
          if (index > 0) times.get(batch)!.push({ ms, events: events.length });
        }
      }
      return BATCHES.map((batch) => {
        const measured = times.get(batch)!;
        const typical = median(measured.map((run) => run.ms));
        return {
          database: kind,
          batch: batch.name,
          'median ms': round(typical, 1),
          'slowest ms': round(Math.max(...measured.map((run) => run.ms)), 1),
          runs: measured.length,
          'events/s': round((measured[0]!.events / typical) * 1000, 0),
        };
      });
    } finally {
      await server.stop();
    }
  } finally {
    if (databaseUrl) await dropBenchDatabase(database);
    await removeDataDir(dataDir);
  }
}

/** Runs the driver events benchmark on PGlite and (when reachable) PostgreSQL. */
export async function runDriverEventsBench(options: DriverEventsOptions): Promise<Row[]> {
  const rows = await measureStore('pglite', options);
  if (options.postgres) rows.push(...(await measureStore('postgres', options)));
  printTable(`Driver events over HTTP, each batch on packages not yet out (target: 200 under ${TARGET_MS} ms)`, rows);
  return rows;
}
