import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database or a transaction: repositories accept either. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export { MIGRATIONS_DIR };

// Any constant shared by every server process: only one of them applies migrations at a time.
const MIGRATION_LOCK_ID = 724_190_331;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Told about a pooled PostgreSQL connection that broke while idle. */
  log?: { warn(details: object, message: string): void };
}

const pgliteDir = (options: DatabaseOptions) => path.join(options.dataDir, 'pglite');
/** PGlite writes PG_VERSION into the directory of a database it has created. */
const pgliteExists = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** What opening the database will do, for the start-up log: creating the embedded one is the slow case. */
export function describeOpening(options: DatabaseOptions): string {
  if (options.databaseUrl) return 'connecting to PostgreSQL';
  return pgliteExists(pgliteDir(options)) ? 'opening the embedded database' : 'creating the embedded database';
}

/** PostgreSQL at `databaseUrl`, or else the embedded PGlite stored in `DATA_DIR/pglite`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.log) : openPglite(pgliteDir(options));
}

/**
 * Makes a new, empty embedded database at `dataDir` in a worker thread: PGlite's initdb runs for
 * seconds (tens of seconds on a busy machine) without yielding, which on the main thread would freeze
 * every timer, the start-up progress log included.
 */
async function createPglite(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const worker = new Worker(new URL('./create-pglite.worker.mjs', import.meta.url), { workerData: { dataDir } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database stopped with code ${code}`)),
    );
  });
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (!pgliteExists(dataDir)) await createPglite(dataDir);
  return pgliteHandle(await openPgliteClient(dataDir));
}

/** The embedded database stored at `dataDir` (made already), with the extensions the migrations use. */
export function openPgliteClient(dataDir: string): Promise<PGlite> {
  return PGlite.create({ dataDir, extensions: { pg_trgm } });
}

/** The app's handle on an open PGlite; `close` replaces closing the client. */
export function pgliteHandle(
  client: PGlite,
  close = async () => {
    // Closed already when someone closed the client itself (a readiness test does): nothing to do.
    if (!client.closed) await client.close();
  },
): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close,
  };
}

async function openPostgres(connectionString: string, log: DatabaseOptions['log']): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection cut by the server (a restart, a fail-over, an administrator) is reported here;
  // unheard, the error would end the process. The pool drops it and opens a new one for the next query.
  pool.on('error', (error) => log?.warn({ err: error }, 'a database connection broke while idle'));
  try {
    // Connect once now, so an unreachable server fails the start here and not at the first request.
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    async migrate() {
      // Session-level lock: several processes starting together apply the migrations once.
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: connection }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}
