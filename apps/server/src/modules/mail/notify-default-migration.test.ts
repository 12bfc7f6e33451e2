// Migration 0017 turns customer notifications on for an install that never saved the setting, and
// leaves a saved choice as it was ("off" stays off). *PGlite*: the SQL is the same on PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { openStepDatabase, type StepDatabase } from '../../../test/support/migration-steps.ts';

const MIGRATION = '0017_notify_customers_by_default';

/** A database migrated up to the one before MIGRATION. */
async function installBefore(): Promise<StepDatabase> {
  const database = await openStepDatabase('pglite');
  await database.applyBefore(MIGRATION);
  return database;
}

const setting = (database: StepDatabase) =>
  database.query<{ notify_customers: boolean }>('select notify_customers from mail_settings');

describe('the migration that notifies customers by default', () => {
  let database: StepDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('turns notifications on for an install that never saved the setting', async () => {
    database = await installBefore();
    expect(await setting(database)).toEqual([]);
    await database.apply(MIGRATION);
    expect(await setting(database)).toEqual([{ notify_customers: true }]);
  });

  it('keeps an install that saved "off" off, and one that saved "on" on', async () => {
    for (const saved of [false, true]) {
      database = await installBefore();
      await database.query('insert into mail_settings (id, notify_customers) values (1, $1)', [saved]);
      await database.apply(MIGRATION);
      expect(await setting(database)).toEqual([{ notify_customers: saved }]);
      await database.close();
      database = undefined;
    }
  });
});
