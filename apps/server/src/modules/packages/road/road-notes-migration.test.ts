// Migration 0025 keeps what the road tells operators on the driver's events: the attempts applied before
// it take their reason from the location update they added (same package, same time); a refused one,
// another type or an update at another time take none, and no event has a note or photo yet. Both
// databases: an UPDATE … FROM each runs its own way.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../../../test/support/migration-steps.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';

const MIGRATION = '0025_driver_event_notes';

const COLUMNS = `tracking_code, status, name, email, phone, pickup_location, receiver_name, receiver_email,
  receiver_phone, destination, description, quantity, weight, dimension_unit, length, width, height`;
const VALUES = (code: string) => `'${code}', 'Out for Delivery', 'Ada', 'ada@example.com', '+1 555 0100', 'Dock 1',
  'Grace', 'grace@example.org', '+44 20 7946 0000', 'Market Square', 'Books', 1, 1.5, 'cm', 30, 20, 10`;

describe.each(databasesFor('sql'))('the migration that keeps the road’s notes on %s', (kind) => {
  it('gives the failed attempts applied before it their reason, and nothing else', async () => {
    await beforeMigration(kind, MIGRATION, async (database) => {
      const [driver] = await database.query<{ id: string }>(
        `insert into operators (email, role, name) values ('d@x.test', 'driver', 'Ama') returning id`,
      );
      const [pkg] = await database.query<{ id: string }>(
        `insert into packages (${COLUMNS}) values (${VALUES('ROADNOTES234')}) returning id`,
      );
      const at = '2026-11-26T10:00:00.000Z';
      await database.query(
        `insert into location_updates (package_id, location, timestamp, attempt_reason)
         values ($1, 'Delivery attempted: Nobody at home', $2, 'Nobody at home'), ($1, 'Delivery attempted: Business closed', '2026-11-26T12:00:00Z', 'Business closed')`,
        [pkg!.id, at],
      );
      const event = (id: string, type: string, outcome: string, when: string) =>
        database.query(
          `insert into driver_events (id, driver_id, package_id, tracking_code, type, at, body_hash, result, outcome)
           values ($1, $2, $3, 'ROADNOTES234', $4, $5, 'h', '{}', $6)`,
          [id, driver!.id, pkg!.id, type, when, outcome],
        );
      await event('00000000-0000-4000-8000-000000000001', 'attempt_failed', 'applied', at);
      await event('00000000-0000-4000-8000-000000000002', 'attempt_failed', 'refused', at);
      await event('00000000-0000-4000-8000-000000000003', 'note', 'applied', at);
      await event('00000000-0000-4000-8000-000000000004', 'attempt_failed', 'applied', '2026-11-26T11:00:00Z');

      await database.apply(MIGRATION);

      expect(
        await database.query('select id, reason, note, photo_key, photo_thumbnail_key from driver_events order by id'),
      ).toEqual([
        {
          id: '00000000-0000-4000-8000-000000000001',
          reason: 'Nobody at home',
          note: null,
          photo_key: null,
          photo_thumbnail_key: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          reason: null,
          note: null,
          photo_key: null,
          photo_thumbnail_key: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000003',
          reason: null,
          note: null,
          photo_key: null,
          photo_thumbnail_key: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000004',
          reason: null,
          note: null,
          photo_key: null,
          photo_thumbnail_key: null,
        },
      ]);
    });
  });
});
