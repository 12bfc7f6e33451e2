import pg from 'pg';

/** The server to create benchmark databases on; BENCH_PG_URL overrides it. */
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres:waybill@127.0.0.1:5432/postgres';

async function runAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** True when the PostgreSQL server answers; the PostgreSQL rows are skipped otherwise. */
export async function isPostgresReachable(): Promise<boolean> {
  try {
    await runAdmin('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** Creates an empty database `name` (dropping an old one of that name) and returns its URL. */
export async function createBenchDatabase(name: string): Promise<string> {
  if (!/^waybill_bench[a-z0-9_]*$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  await runAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await runAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropBenchDatabase(name: string): Promise<void> {
  if (!/^waybill_bench[a-z0-9_]*$/.test(name)) throw new Error(`refusing to drop database ${name}`);
  await runAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
