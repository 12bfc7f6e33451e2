import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyDatabaseDir } from '@waybill/testing';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function databases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The databases a suite runs on, by what decides the behaviour it checks (docs/TESTING.md lists each
 * file's choice; each call site says why in a line):
 * - 'sql': the database does — queries, paging, search and sort, locks and concurrent requests,
 *   transactions, LISTEN/NOTIFY, counters, idempotency keys, the outbox's claims, values as each
 *   driver returns them, backup and restore, migrations: both databases (`databases()`).
 * - 'any': the app does, before or beside the database — validation and its messages, headers, role
 *   checks, the content of mails, pages and files: one database, PostgreSQL when TEST_DATABASE_URL is
 *   set (the quicker to start, from its template), else PGlite.
 */
export function databasesFor(decidedBy: 'sql' | 'any'): DatabaseKind[] {
  if (decidedBy === 'sql') return databases();
  return process.env.TEST_DATABASE_URL ? ['postgres'] : ['pglite'];
}

export interface TestDatabase {
  /** Set for PostgreSQL; unset means PGlite in `DATA_DIR/pglite`. */
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A key that changes whenever a migration changes, so a stale template is never reused. */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(MIGRATIONS_DIR, { recursive: true })).sort();
  for (const file of files) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(await readFile(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

// A checkout on other migrations that still needs a template removed as stale rebuilds it in seconds.
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;
/** The migrated PGlite templates' folders in the temporary folder, their fingerprint after it. */
const PGLITE_TEMPLATE_PREFIX = 'waybill-pglite-template-';

/**
 * A migrated PGlite data directory made once per migration set (a fresh PGlite costs seconds and
 * ~800 MB; copying a migrated one and reopening it ~0.3 s). Built aside and renamed into place, so
 * parallel test files never see half a template.
 */
export async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `${PGLITE_TEMPLATE_PREFIX}${await migrationsFingerprint()}`);
  try {
    await readdir(template);
    // The date of its last use: templates unused for a day are removed (removeStalePgliteTemplates).
    await utimes(template, new Date(), new Date()).catch(() => {});
    return template;
  } catch {
    // not built yet
  }
  const building = await mkdtemp(`${template}.building-`);
  const handle = await openDatabase({ dataDir: building });
  await handle.migrate();
  await handle.close();
  try {
    await rename(path.join(building, 'pglite'), template);
  } catch {
    // another test file finished first; its template is as good
  }
  await rm(building, { recursive: true, force: true });
  await removeStalePgliteTemplates(template);
  return template;
}

/**
 * Templates of other migration sets (40 MB each) not touched for a day, and half-built ones as old, left
 * in the temporary folder by earlier runs: removed when a new one is built, as the PostgreSQL ones are
 * dropped (see dropStaleTemplates).
 */
async function removeStalePgliteTemplates(current: string): Promise<void> {
  for (const name of await readdir(os.tmpdir())) {
    const folder = path.join(os.tmpdir(), name);
    if (!name.startsWith(PGLITE_TEMPLATE_PREFIX) || folder === current) continue;
    const touched = await stat(folder).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - touched > STALE_TEMPLATE_MS) await rm(folder, { recursive: true, force: true }).catch(() => {});
  }
}

const TEMPLATE_PREFIX = 'waybill_template_';

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The name of a migrated PostgreSQL database made once per migration set on the TEST_DATABASE_URL
 * server, which each test's database is created from (`CREATE DATABASE … TEMPLATE`: ~0.1 s, where
 * migrating an empty database takes seconds). Migrated under another name and renamed into place, so
 * two runs or two checkouts sharing the server never copy half a template; then closed to connections,
 * as PostgreSQL refuses to copy a database someone is connected to.
 */
export function postgresTemplate(): Promise<string> {
  templateName ??= findOrBuildPostgresTemplate();
  return templateName;
}
let templateName: Promise<string> | undefined;

async function findOrBuildPostgresTemplate(): Promise<string> {
  const template = `${TEMPLATE_PREFIX}${await migrationsFingerprint()}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const exists = await withAdmin(async (admin) => {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    // The date of its last use: templates unused for a day are dropped (see dropStaleTemplates).
    if (rows.length > 0) await admin.query(`COMMENT ON DATABASE ${template} IS '${new Date().toISOString()}'`);
    return rows.length > 0;
  });
  if (exists) return template;
  const building = `${template}_building_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    await admin.query(`CREATE DATABASE ${building}`);
    // The date lets a later run drop what a run that died while building left behind.
    await admin.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
  });
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), dataDir: os.tmpdir() });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  await withAdmin(async (admin) => {
    await waitForNoConnections(admin, building);
    await admin.query(`ALTER DATABASE ${building} WITH ALLOW_CONNECTIONS false`);
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch {
      // another run finished first; its template is as good
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
    }
    await dropStaleTemplates(admin, template);
  });
  return template;
}

/** Templates of other migration sets unused for a day, and half-built ones as old: no run lasts that long. */
async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; made: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database
      WHERE datname LIKE $1 AND datname <> $2`,
    [`${TEMPLATE_PREFIX}%`, current],
  );
  for (const { datname, made } of rows) {
    if (Date.now() - Date.parse(made ?? '') > STALE_TEMPLATE_MS)
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}

async function waitForNoConnections(admin: pg.Client, name: string): Promise<void> {
  // A closed pool's sockets close a moment after pool.end() resolves; terminating them then (FORCE)
  // raises an error in the test process. Wait for them to go; FORCE only stragglers.
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface TestDatabaseOptions {
  /**
   * An empty PostgreSQL database, left for the app to migrate at start, for the tests whose subject
   * is a server applying the migrations; every other test starts from the migrated template.
   */
  empty?: boolean;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(
  kind: DatabaseKind,
  dataDir: string,
  { empty = false }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    await mkdir(dataDir, { recursive: true });
    await copyDatabaseDir(await pgliteTemplate(), path.join(dataDir, 'pglite'));
    return { drop: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `waybill_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : await postgresTemplate();
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    databaseUrl: databaseUrl(adminUrl, name),
    async drop() {
      await withAdmin(async (admin) => {
        await waitForNoConnections(admin, name);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}
