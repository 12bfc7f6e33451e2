// Migration 0020 adds the driver role and the runs: an install's operators keep their roles, a driver
// can be stored, any other role is still refused, and the runs' tables start empty. *PGlite*: the SQL is
// the same on PostgreSQL, where every test app applies it too.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths.ts';

const MIGRATION = '0020_runs';

async function tags(): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  return (journal as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
}

async function apply(client: PGlite, tag: string) {
  const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim() !== '') await client.exec(statement);
  }
}

describe('the migration that adds drivers and runs', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
  });
  afterAll(() => client?.close());

  it('keeps the roles stored, then accepts drivers and still refuses any other role', async () => {
    const all = await tags();
    const index = all.indexOf(MIGRATION);
    expect(index).toBeGreaterThan(0);
    for (const tag of all.slice(0, index)) await apply(client, tag);
    await client.exec(`insert into operators (email, role) values ('a@x.test', 'admin'), ('o@x.test', 'operator')`);
    await expect(client.exec(`insert into operators (email, role) values ('d@x.test', 'driver')`)).rejects.toThrow();

    await apply(client, MIGRATION);
    const roles = await client.query<{ role: string }>('select role from operators order by email');
    expect(roles.rows).toEqual([{ role: 'admin' }, { role: 'operator' }]);
    await client.exec(`insert into operators (email, role) values ('d@x.test', 'driver')`);
    await expect(client.exec(`insert into operators (email, role) values ('c@x.test', 'courier')`)).rejects.toThrow();
    expect((await client.query('select * from runs')).rows).toEqual([]);
    expect((await client.query('select * from run_stops')).rows).toEqual([]);
  });
});
