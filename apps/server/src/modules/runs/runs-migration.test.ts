// Migration 0021 adds the driver role and the runs: an install's operators keep their roles, a driver
// can be stored, any other role is still refused, and the runs' tables start empty. *PGlite*: the SQL is
// the same on PostgreSQL, where every test app applies it too.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../../test/support/migration-steps.ts';

const MIGRATION = '0021_runs';

describe('the migration that adds drivers and runs', () => {
  it('keeps the roles stored, then accepts drivers and still refuses any other role', async () => {
    await beforeMigration('pglite', MIGRATION, async (database) => {
      await database.query(
        `insert into operators (email, role) values ('a@x.test', 'admin'), ('o@x.test', 'operator')`,
      );
      await expect(
        database.query(`insert into operators (email, role) values ('d@x.test', 'driver')`),
      ).rejects.toThrow();

      await database.apply(MIGRATION);
      const roles = await database.query<{ role: string }>('select role from operators order by email');
      expect(roles).toEqual([{ role: 'admin' }, { role: 'operator' }]);
      await database.query(`insert into operators (email, role) values ('d@x.test', 'driver')`);
      await expect(
        database.query(`insert into operators (email, role) values ('c@x.test', 'courier')`),
      ).rejects.toThrow();
      expect(await database.query('select * from runs')).toEqual([]);
      expect(await database.query('select * from run_stops')).toEqual([]);
    });
  });
});
