// The migration that makes "package" the database's word too: every row written before it reads the
// same after it under the new names, the references and their cascades still hold, and the triggers
// that tell the tracking cache and the status counts still run (a function body naming the old table
// would fail the first insert after it). Both databases: renames are the database's own work.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../../test/support/migration-steps.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const MIGRATION = '0020_package_word';

const COLUMNS = `tracking_code, status, name, email, phone, pickup_location, receiver_name, receiver_email,
  receiver_phone, destination, description, quantity, weight, dimension_unit, length, width, height`;
const VALUES = (code: string) => `'${code}', 'Order Placed', 'Ada', 'ada@example.com', '+1 555 0100', 'Dock 1',
  'Grace', 'grace@example.org', '+44 20 7946 0000', 'Market Square', 'Books', 1, 1.5, 'cm', 30, 20, 10`;

describe.each(databasesFor('sql'))('the migration to the word "package" on %s', (kind) => {
  it('keeps every package, image and location update, and the triggers still run', async () => {
    await beforeMigration(kind, MIGRATION, async (database) => {
      const [before] = await database.query<{ id: string }>(
        `insert into shipments (${COLUMNS}) values (${VALUES('WORDBEFORE23')}) returning id`,
      );
      await database.query(
        `insert into shipment_images (shipment_id, position, storage_key, thumbnail_key, width, height) values ($1, 0, 'a.webp', 'a-thumb.webp', 640, 480)`,
        [before!.id],
      );
      await database.query(`insert into location_updates (shipment_id, location) values ($1, 'Depot')`, [before!.id]);

      await database.apply(MIGRATION);

      expect(await database.query('select tracking_code, receiver_name from packages')).toEqual([
        { tracking_code: 'WORDBEFORE23', receiver_name: 'Grace' },
      ]);
      expect(await database.query('select package_id, storage_key from package_images')).toEqual([
        { package_id: before!.id, storage_key: 'a.webp' },
      ]);
      expect(await database.query('select package_id, location from location_updates')).toEqual([
        { package_id: before!.id, location: 'Depot' },
      ]);
      const left = await database.query(
        `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relname like '%shipment%'
       union all select conname from pg_constraint
        where connamespace = 'public'::regnamespace and conname like '%shipment%'
       union all select tgname from pg_trigger where tgname like '%shipment%'
       union all select proname from pg_proc
        where pronamespace = 'public'::regnamespace and (proname like '%shipment%' or prosrc like '%shipment%')`,
      );
      expect(left).toEqual([]);

      // The triggers after it: a new package and its location update count and notify without error.
      const [after] = await database.query<{ id: string }>(
        `insert into packages (${COLUMNS}) values (${VALUES('WORDAFTER234')}) returning id`,
      );
      await database.query(`insert into location_updates (package_id, location) values ($1, 'Hub')`, [after!.id]);
      expect(
        await database.query(`select count::int as count from package_status_counts where status = 'Order Placed'`),
      ).toEqual([{ count: 2 }]);
      // The references still cascade.
      await database.query(`delete from packages where id = $1`, [before!.id]);
      expect(await database.query('select count(*)::int as n from location_updates')).toEqual([{ n: 1 }]);
      expect(await database.query('select count(*)::int as n from package_images')).toEqual([{ n: 0 }]);
    });
  });
});
