import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';

/** Rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function tableNames(db: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * A fingerprint of every row of every table: any insert, update or delete changes it. Session
 * rows are left out when asked, because reading the console may refresh a session's last use.
 */
export async function fingerprintRows(
  db: Database,
  options: { skip?: string[]; where?: Record<string, SQL> } = {},
): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const name of await tableNames(db)) {
    if (options.skip?.includes(name)) continue;
    const where = options.where?.[name];
    const rows = await queryRows<{ print: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from ${sql.identifier(name)} t${
        where ? sql` where ${where}` : sql``
      }`,
    );
    prints[name] = rows[0]!.print ?? '';
  }
  return prints;
}
