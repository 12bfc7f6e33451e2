import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';

/** Rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of each database, read once: no test creates or drops one. */
const tablesOf = new WeakMap<Database, Promise<string[]>>();

function tableNames(db: Database): Promise<string[]> {
  let names = tablesOf.get(db);
  if (!names) {
    names = queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    ).then((rows) => rows.map((row) => row.name));
    tablesOf.set(db, names);
  }
  return names;
}

/**
 * A fingerprint of every row of every table: any insert, update or delete changes it. Session
 * rows are left out when asked, because reading the console may refresh a session's last use. One
 * query for all the tables: the property tests read it twice a run, and a query a table cost PGlite,
 * which answers on the test's own thread, a few milliseconds each, half a minute a file.
 */
export async function fingerprintRows(
  db: Database,
  options: { skip?: string[]; where?: Record<string, SQL> } = {},
): Promise<Record<string, string>> {
  const names = (await tableNames(db)).filter((name) => !options.skip?.includes(name));
  const prints = names.map((name) => {
    const where = options.where?.[name];
    return sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(name)} t${
      where ? sql` where ${where}` : sql``
    }) as ${sql.identifier(name)}`;
  });
  const [row] = await queryRows<Record<string, string | null>>(db, sql`select ${sql.join(prints, sql`, `)}`);
  return Object.fromEntries(names.map((name) => [name, row![name] ?? '']));
}
