// Migration 0017 turns customer notifications on for an install that never saved the setting, and
// leaves a saved choice as it was ("off" stays off). *PGlite*: the SQL is the same on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { beforeMigration, type StepDatabase } from '../../../test/support/migration-steps.ts';

const MIGRATION = '0017_notify_customers_by_default';

const setting = (database: StepDatabase) =>
  database.query<{ notify_customers: boolean }>('select notify_customers from mail_settings');

describe('the migration that notifies customers by default', () => {
  it('turns notifications on for an install that never saved the setting', async () => {
    await beforeMigration('pglite', MIGRATION, async (database) => {
      expect(await setting(database)).toEqual([]);
      await database.apply(MIGRATION);
      expect(await setting(database)).toEqual([{ notify_customers: true }]);
    });
  });

  it('keeps an install that saved "off" off, and one that saved "on" on', async () => {
    for (const saved of [false, true]) {
      // Each install from the time before the migration (beforeMigration rolls the last one back).
      await beforeMigration('pglite', MIGRATION, async (database) => {
        await database.query('insert into mail_settings (id, notify_customers) values (1, $1)', [saved]);
        await database.apply(MIGRATION);
        expect(await setting(database)).toEqual([{ notify_customers: saved }]);
      });
    }
  });
});
