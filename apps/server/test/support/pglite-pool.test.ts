// The pool of embedded databases the server's tests share (pglite-pool.ts): a database an app used and
// gave back comes to the next app with exactly what a fresh copy of the migrated template holds.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { packageForm } from './factories.ts';
import { takePooledPglite } from './pglite-pool.ts';
import { startTestApp } from './test-app.ts';
import { createTestDatabase } from './test-databases.ts';

/** Every table's rows (as sorted text) and every sequence's position. */
async function contents(handle: DatabaseHandle): Promise<Record<string, string>> {
  const { rows: tables } = (await handle.db.execute(
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
  )) as unknown as { rows: { name: string }[] };
  const seen: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = (await handle.db.execute(
      sql.raw(`SELECT coalesce(string_agg(t::text, '|' ORDER BY t::text), '') AS rows FROM "${name}" t`),
    )) as unknown as { rows: { rows: string }[] };
    seen[name] = rows[0]!.rows;
  }
  const { rows: sequences } = (await handle.db.execute(
    sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
  )) as unknown as { rows: { name: string; value: string | null }[] };
  for (const { name, value } of sequences) seen[`sequence ${name}`] = value ?? 'not called';
  return seen;
}

const clientOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: PGlite }).$client;

describe('the pool of embedded databases the tests share', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("hands the next app the database the last one used, holding what a fresh template's copy holds", {
    timeout: 120_000,
  }, async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'waybill-pool-test-'));
    folders.push(folder);
    await createTestDatabase('pglite', folder);
    const fresh = await openDatabase({ dataDir: folder });
    const expected = await contents(fresh);
    await fresh.close();

    // An app that writes: a sign-in (a session, the audit log), a package with its event and photo row.
    const used = await startTestApp('pglite');
    const operator = await used.operator();
    expect((await operator.request('POST', '/api/submit-package', { form: packageForm() })).status).toBe(201);
    const client = (used.app.db as unknown as { $client: PGlite }).$client;
    await used.close();

    const next = await takePooledPglite();
    try {
      // The same PGlite, not a new one.
      expect(clientOf(next)).toBe(client);
      expect(await contents(next)).toEqual(expected);
    } finally {
      await next.close();
    }
  });
});
