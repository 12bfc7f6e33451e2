// A database taken through the migrations one by one, for the tests of a migration's effect on data
// written before it: PGlite in memory, or an empty PostgreSQL database on TEST_DATABASE_URL.
import { readFile } from 'node:fs/promises';
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
  /** Applies every migration before the one with this tag. */
  applyBefore(tag: string): Promise<void>;
  close(): Promise<void>;
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

/** An empty database of this kind, to migrate step by step. */
export async function openStepDatabase(kind: DatabaseKind): Promise<StepDatabase> {
  let exec: (text: string) => Promise<unknown>;
  let query: StepDatabase['query'];
  let close: () => Promise<void>;
  if (kind === 'pglite') {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    exec = (text) => client.exec(text);
    query = async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows;
    close = () => client.close();
  } else {
    const database = await createTestDatabase('postgres', os.tmpdir(), { empty: true });
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    exec = (text) => client.query(text);
    query = async <Row>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as Row[];
    close = async () => {
      await client.end();
      await database.drop();
    };
  }
  const apply = async (tag: string) => {
    for (const statement of await statementsOf(tag)) await exec(statement);
  };
  return {
    query,
    apply,
    async applyBefore(tag) {
      const tags = await migrationTags();
      const index = tags.indexOf(tag);
      if (index < 0) throw new Error(`No migration ${tag}`);
      for (const earlier of tags.slice(0, index)) await apply(earlier);
    },
    close,
  };
}
