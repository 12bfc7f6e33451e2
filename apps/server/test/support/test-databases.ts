import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function databases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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

/**
 * A migrated PGlite data directory made once per migration set (a fresh PGlite costs seconds and
 * ~800 MB; copying a migrated one and reopening it ~0.3 s). Built aside and renamed into place, so
 * parallel test files never see half a template.
 */
export async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `waybill-pglite-template-${await migrationsFingerprint()}`);
  try {
    await readdir(template);
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
  return template;
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(kind: DatabaseKind, dataDir: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    await mkdir(dataDir, { recursive: true });
    await cp(await pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
    return { drop: async () => undefined };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `waybill_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A closed pool's sockets close a moment after pool.end() resolves; terminating them then
      // (FORCE) raises an error in the test process. Wait for them to go; FORCE only stragglers.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
