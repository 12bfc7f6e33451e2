// Migration 0017 turns customer notifications on for an install that never saved the setting, and
// leaves a saved choice as it was ("off" stays off). *PGlite*: the SQL is the same on PostgreSQL.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths.ts';

const MIGRATION = '0017_notify_customers_by_default';

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

/** A database migrated up to the one before MIGRATION. */
async function installBefore(): Promise<PGlite> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const all = await tags();
  const index = all.indexOf(MIGRATION);
  expect(index).toBeGreaterThan(0);
  for (const tag of all.slice(0, index)) await apply(client, tag);
  return client;
}

const setting = async (client: PGlite) =>
  (await client.query<{ notify_customers: boolean }>('select notify_customers from mail_settings')).rows;

describe('the migration that notifies customers by default', () => {
  let client: PGlite | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  it('turns notifications on for an install that never saved the setting', async () => {
    client = await installBefore();
    expect(await setting(client)).toEqual([]);
    await apply(client, MIGRATION);
    expect(await setting(client)).toEqual([{ notify_customers: true }]);
  });

  it('keeps an install that saved "off" off, and one that saved "on" on', async () => {
    for (const saved of [false, true]) {
      client = await installBefore();
      await client.query('insert into mail_settings (id, notify_customers) values (1, $1)', [saved]);
      await apply(client, MIGRATION);
      expect(await setting(client)).toEqual([{ notify_customers: saved }]);
      await client.close();
      client = undefined;
    }
  });
});
