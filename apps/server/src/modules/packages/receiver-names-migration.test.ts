// Migration 0019 renames the receiver's columns and the WhatsApp link to the code's names: every row
// written before it reads the same after it, the console's search (its generated text and the e-mail
// index) follows the rename, and the app's own queries work on a database migrated from before it.
// Both databases: a rename is the database's own work.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../../test/support/migration-steps.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const MIGRATION = '0019_receiver_names';

const PACKAGE = {
  tracking_code: 'RENAME234567',
  status: 'Order Placed',
  name: 'Ada Shipper',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  pickup_location: '12 Dock Street',
  destination: '1 Market Square',
  description: 'Books',
  quantity: 2,
  weight: 1.5,
  dimension_unit: 'cm',
  length: 30,
  width: 20,
  height: 10,
};
const RECEIVER = { name: 'Grace Receiver', email: 'Grace.R@Example.org', phone: '+44 20 7946 0000' };

describe.each(databasesFor('sql'))('the migration to the receiver names on %s', (kind) => {
  it('keeps every receiver and WhatsApp link, and the search finds them under the new columns', async () => {
    await beforeMigration(kind, MIGRATION, async (database) => {
      const columns = Object.keys(PACKAGE);
      await database.query(
        `insert into shipments (${columns.join(', ')}, rname, remail, rphone)
       values (${columns.map((_, index) => `$${index + 1}`).join(', ')}, $${columns.length + 1}, $${columns.length + 2}, $${columns.length + 3})`,
        [...Object.values(PACKAGE), RECEIVER.name, RECEIVER.email, RECEIVER.phone],
      );
      await database.query(`insert into contact_details (phone, email, watsapp, address) values ($1, $2, $3, $4)`, [
        '+1 555 0199',
        'desk@example.com',
        'https://wa.me/15550199',
        ['1 Harbor Way'],
      ]);

      await database.apply(MIGRATION);

      expect(
        await database.query('select receiver_name, receiver_email, receiver_phone, search_text from shipments'),
      ).toEqual([
        {
          receiver_name: RECEIVER.name,
          receiver_email: RECEIVER.email,
          receiver_phone: RECEIVER.phone,
          search_text:
            `renAME234567 ada shipper grace receiver ada@example.com grace.r@example.org +1 555 0100 +44 20 7946 0000`.toLowerCase(),
        },
      ]);
      expect(await database.query('select whatsapp from contact_details')).toEqual([
        { whatsapp: 'https://wa.me/15550199' },
      ]);
      const oldColumns = await database.query(
        `select table_name, column_name from information_schema.columns
        where column_name in ('rname', 'remail', 'rphone', 'watsapp')`,
      );
      expect(oldColumns).toEqual([]);

      // A row written after the migration is searched by its receiver too, and the e-mail index is used
      // under its new name for the exact lookup the console's search makes.
      await database.query(
        `insert into shipments (${Object.keys(PACKAGE).join(', ')}, receiver_name, receiver_email, receiver_phone)
       select tracking_code || 'B', status, name, email, phone, pickup_location, destination, description, quantity,
              weight, dimension_unit, length, width, height, 'Kofi Mensah', 'kofi@example.org', '+233 20 000 0000'
         from shipments`,
      );
      const found = await database.query<{ tracking_code: string }>(
        `select tracking_code from shipments where search_text like '%kofi mensah%'`,
      );
      expect(found).toEqual([{ tracking_code: 'RENAME234567B' }]);
      const indexes = await database.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename = 'shipments' and indexdef like '%receiver_email%'`,
      );
      expect(indexes.map((index) => index.indexname)).toEqual(['shipments_receiver_email_lower_idx']);
    });
  });
});
