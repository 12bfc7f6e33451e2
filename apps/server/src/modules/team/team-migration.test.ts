// The migration that adds roles keeps every operator made before it able to do everything: they
// become admins, while an operator added afterwards without a role is not one. *PGlite*: the SQL is
// the same on PostgreSQL.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths.ts';

const journal = async () =>
  JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };

async function apply(client: PGlite, tag: string) {
  const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim() !== '') await client.exec(statement);
  }
}

describe('the team migration', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
  });
  afterAll(() => client?.close());

  it('makes the operators that existed admins, and later ones operators by default', async () => {
    const tags = (await journal()).entries.map((entry) => entry.tag);
    const team = tags.indexOf('0007_team');
    expect(team).toBeGreaterThan(0);
    for (const tag of tags.slice(0, team)) await apply(client, tag);
    await client.exec(`insert into operators (email, password_hash) values ('a@x.test', 'h'), ('b@x.test', 'h')`);

    await apply(client, '0007_team');
    const before = await client.query<{ role: string; active: boolean; name: string }>(
      'select role, active, name from operators order by email',
    );
    expect(before.rows).toEqual([
      { role: 'admin', active: true, name: '' },
      { role: 'admin', active: true, name: '' },
    ]);
    await client.exec(`insert into operators (email) values ('c@x.test')`);
    const later = await client.query<{ role: string }>(`select role from operators where email = 'c@x.test'`);
    expect(later.rows).toEqual([{ role: 'operator' }]);
  });
});
