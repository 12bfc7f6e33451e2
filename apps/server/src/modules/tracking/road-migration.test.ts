// Migration 0023 marks the failed attempts already on the road: a location update a driver's applied
// failed attempt added (same package, same time) keeps its reason; the same words typed in the console,
// or an attempt that was refused, stay plain updates. *Both databases*: an UPDATE over rows each wrote.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../../test/support/migration-steps.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const MIGRATION = '0023_road_on_tracking_page';
const AT = '2026-11-26T09:30:00.000Z';

describe.each(databasesFor('sql'))('the migration that marks failed attempts on %s', (kind) => {
  it('gives the reason to the updates of applied failed attempts only', async () => {
    await beforeMigration(kind, MIGRATION, async (database) => {
      const [driver] = await database.query<{ id: string }>(
        `insert into operators (email, role) values ('d@x.test', 'driver') returning id`,
      );
      const packageId = async (code: string) =>
        (
          await database.query<{ id: string }>(
            `insert into packages (tracking_code, status, name, email, phone, pickup_location, receiver_name,
             receiver_email, receiver_phone, destination, description, quantity, weight, dimension_unit, length,
             width, height)
           values ($1, 'Out for Delivery', 'A', 'a@x.test', '1', 'P', 'R', 'r@x.test', '2', 'D', 'Books', 1, 1, 'cm',
             1, 1, 1) returning id`,
            [code],
          )
        )[0]!.id;
      const road = await packageId('ROADROADROAD');
      const typed = await packageId('TYPEDTYPEDTY');
      const refused = await packageId('REFUSEDREFUS');
      const update = (id: string, location: string, at = AT) =>
        database.query('insert into location_updates (package_id, location, timestamp) values ($1, $2, $3)', [
          id,
          location,
          at,
        ]);
      const event = (id: string, code: string, outcome: string) =>
        database.query(
          `insert into driver_events (id, driver_id, package_id, tracking_code, type, at, body_hash, result, outcome)
         values (gen_random_uuid(), $1, $2, $3, 'attempt_failed', $4, 'h', '{}', $5)`,
          [driver!.id, id, code, AT, outcome],
        );
      await update(road, 'Waybill depot', '2026-11-26T08:00:00.000Z');
      await update(road, 'Delivery attempted: Nobody at home');
      await event(road, 'ROADROADROAD', 'applied');
      await update(typed, 'Delivery attempted: Nobody at home');
      await update(refused, 'Delivery attempted: Business closed');
      await event(refused, 'REFUSEDREFUS', 'refused');

      await database.apply(MIGRATION);
      const rows = await database.query<{ tracking_code: string; location: string; attempt_reason: string | null }>(
        `select p.tracking_code, u.location, u.attempt_reason from location_updates u
       join packages p on p.id = u.package_id order by p.tracking_code, u.timestamp`,
      );
      expect(rows).toEqual([
        { tracking_code: 'REFUSEDREFUS', location: 'Delivery attempted: Business closed', attempt_reason: null },
        { tracking_code: 'ROADROADROAD', location: 'Waybill depot', attempt_reason: null },
        {
          tracking_code: 'ROADROADROAD',
          location: 'Delivery attempted: Nobody at home',
          attempt_reason: 'Nobody at home',
        },
        { tracking_code: 'TYPEDTYPEDTY', location: 'Delivery attempted: Nobody at home', attempt_reason: null },
      ]);
    });
  }, 60_000);
});
