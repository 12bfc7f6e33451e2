// A database taken through the migrations one by one, for the tests of a migration's effect on data
// written before it: PGlite, or an empty PostgreSQL database on TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../src/paths.ts';
import { createTestDatabase, type DatabaseKind } from './test-databases.ts';

export interface StepDatabase {
  /** Runs one statement with parameters and answers its rows. */
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Applies the migration with this tag (its statements, in order). */
  apply(tag: string): Promise<void>;
}

/** The migrations' tags in the order they apply. */
export async function migrationTags(): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  return (journal as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
}

async function statementsOf(tag: string): Promise<string[]> {
  const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  return text.split('--> statement-breakpoint').filter((statement) => statement.trim() !== '');
}

interface OpenDatabase extends StepDatabase {
  close(): Promise<void>;
}

function stepsOver(exec: (text: string) => Promise<unknown>, query: StepDatabase['query']) {
  return {
    query,
    async apply(tag: string) {
      for (const statement of await statementsOf(tag)) await exec(statement);
    },
  };
}

/**
 * An empty PGlite database (initdb and nothing else) as a file, made once per PGlite version, which
 * each database loads: PGlite's initdb took 5 to 7 s of CPU each time, loading the file about 2 s.
 * Written aside and renamed into place, so parallel workers never read half of one.
 */
async function emptyPgliteDump(): Promise<Blob> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '../package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const file = path.join(os.tmpdir(), `waybill-pglite-empty-${version}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not made yet
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const building = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(building, Buffer.from(await dump.arrayBuffer()));
  await rename(building, file);
  return dump;
}

async function openPglite(): Promise<OpenDatabase> {
  const client = await PGlite.create({ loadDataDir: await emptyPgliteDump(), extensions: { pg_trgm } });
  return {
    ...stepsOver(
      (text) => client.exec(text),
      async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
    ),
    close: () => client.close(),
  };
}

async function openPostgres(): Promise<OpenDatabase> {
  const database = await createTestDatabase('postgres', os.tmpdir(), { empty: true });
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  return {
    ...stepsOver(
      (text) => client.query(text),
      async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[],
    ),
    async close() {
      await client.end();
      await database.drop();
    },
  };
}

/**
 * The worker's PGlite database and how many migrations it has run. Each test's work is rolled back, so
 * it only ever holds the migrations: the next test, in this file or another the worker runs (they
 * share its modules: isolate is off for the server's files), takes it forward from there, and only a
 * test of an earlier migration than it has reached opens a new one.
 */
let shared: { database: Promise<OpenDatabase>; applied: number } | undefined;

/**
 * Runs `work` on a database of `kind` on which every migration before `tag` has run, for it to write
 * the data of the time before `tag`, apply `tag` and check what became of them. On PGlite, the worker's
 * database (`shared`), in a transaction rolled back afterwards (a migration runs in one anyway, as
 * Drizzle's migrator runs them); on PostgreSQL, an empty database of its own, dropped afterwards.
 */
export async function beforeMigration(
  kind: DatabaseKind,
  tag: string,
  work: (database: StepDatabase) => Promise<void>,
): Promise<void> {
  const tags = await migrationTags();
  const index = tags.indexOf(tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  if (kind === 'postgres') {
    const database = await openPostgres();
    try {
      for (const earlier of tags.slice(0, index)) await database.apply(earlier);
      await work(database);
    } finally {
      await database.close();
    }
    return;
  }
  if (!shared || shared.applied > index) {
    const previous = shared?.database;
    shared = { database: openPglite(), applied: 0 };
    await previous?.then((database) => database.close());
  }
  const current = shared;
  let database: OpenDatabase | undefined;
  try {
    database = await current.database;
    for (const earlier of tags.slice(current.applied, index)) {
      await database.apply(earlier);
      current.applied += 1;
    }
  } catch (error) {
    // It did not open, or half a migration may have run: the next test starts from a new database.
    if (shared === current) shared = undefined;
    await database?.close();
    throw error;
  }
  await database.query('begin');
  try {
    await work({
      apply: (tag) => database.apply(tag),
      // A statement a test expects to fail (a constraint's refusal) would end the transaction: each runs
      // in a savepoint, which its failure rolls back alone.
      async query<Row>(text: string, params?: unknown[]) {
        await database.query('savepoint statement');
        try {
          const rows = await database.query<Row>(text, params);
          await database.query('release savepoint statement');
          return rows;
        } catch (error) {
          await database.query('rollback to savepoint statement');
          throw error;
        }
      },
    });
  } finally {
    await database.query('rollback');
  }
}
