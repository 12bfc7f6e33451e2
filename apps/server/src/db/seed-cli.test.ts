import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusCounts } from '../../test/support/status-counts.ts';
import {
  createTestDatabase,
  type DatabaseKind,
  databasesFor,
  type TestDatabase,
} from '../../test/support/test-databases.ts';
import { openDatabase } from './client.ts';
import { locationUpdates, packages } from './schema/index.ts';

const SEED_CLI = path.join(import.meta.dirname, 'seed-cli.ts');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

// Both databases: the seed writes packages and updates in bulk, counted back with SQL.
describe.each(databasesFor('sql'))('npm run db:seed on %s', (kind) => seedTests(kind, 'rows'));
// One database: how the command takes its arguments (each check starts the command anew).
describe.each(databasesFor('any'))('npm run db:seed on %s', (kind) => seedTests(kind, 'arguments'));

function seedTests(kind: DatabaseKind, part: 'rows' | 'arguments') {
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-seed-'));
    database = await createTestDatabase(kind, dataDir);
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  if (part === 'rows')
    it('seeds packages with N updates each when shipped, and writes their codes', async () => {
      const codesFile = path.join(dataDir, 'codes.txt');
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl ?? '' };
      const args = ['--import', 'tsx', SEED_CLI, '--packages', '45', '--updates', '3', '--codes-file', codesFile];
      const { stdout } = await promisify(execFile)(process.execPath, args, { env });
      expect(stdout).toMatch(/^Seeded 45 packages/);

      const codes = (await readFile(codesFile, 'utf8')).split('\n').filter(Boolean);
      const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir });
      try {
        const rows = await handle.db
          .select({
            code: packages.trackingCode,
            status: packages.status,
            updates: sql<number>`count(${locationUpdates.id})::int`,
          })
          .from(packages)
          .leftJoin(locationUpdates, eq(locationUpdates.packageId, packages.id))
          .groupBy(packages.id);
        expect(rows).toHaveLength(45);
        const shipped = rows.filter((row) => row.status !== 'Pending' && row.status !== 'Rejected');
        expect(shipped.every((row) => row.updates === 3)).toBe(true);
        expect(rows.filter((row) => !shipped.includes(row)).every((row) => row.updates === 0)).toBe(true);
        expect(codes.sort()).toEqual(shipped.map((row) => row.code).sort());
        // The per-status counters the console's totals read were kept by the seed's inserts.
        const { counters, actual } = await statusCounts(handle.db);
        expect(Object.values(actual).reduce((sum, count) => sum + count, 0)).toBe(45);
        expect(counters).toEqual(actual);
      } finally {
        await handle.close();
      }
    }, 60_000);

  if (part === 'arguments') {
    it('takes its arguments through the root script, as the README gives it (npm run db:seed -- --packages N)', async () => {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl ?? '' };
      const countPackages = async () => {
        const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir });
        try {
          return (await handle.db.select({ count: sql<number>`count(*)::int` }).from(packages))[0]!.count;
        } finally {
          await handle.close();
        }
      };
      const before = await countPackages();
      const { stdout } = await promisify(execFile)(
        'npm',
        ['run', 'db:seed', '--', '--packages', '7', '--updates', '0'],
        {
          cwd: REPO_ROOT,
          env,
        },
      );
      expect(stdout).toMatch(/^Seeded 7 packages/m);
      expect((await countPackages()) - before).toBe(7);
    }, 120_000);

    it('refuses a count that is not a whole number', async () => {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl ?? '' };
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', SEED_CLI, '--updates', 'two'], { env });
      await expect(run).rejects.toThrow(/--updates must be a whole number/);
    }, 60_000);
  }
}
