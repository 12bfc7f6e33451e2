import {
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operators } from './auth.ts';
import { packages } from './packages.ts';

/** One driver's ordered stops for one day: at most one run per driver and day. */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => operators.id),
    /** The calendar day of the run, in the server's time zone (docs/decisions/0040). */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('runs_driver_id_day_key').on(table.driverId, table.day),
    index('runs_day_idx').on(table.day),
    // The stops' foreign key names the run and its day, so a stop's day is always its run's.
    uniqueIndex('runs_id_day_key').on(table.id, table.day),
  ],
);

/**
 * The stops of a run, by position from 1. A stop carries its run's day (kept equal by the foreign key,
 * which follows a change of the run's day) so that one unique index keeps a package on one run a day.
 */
export const runStops = pgTable(
  'run_stops',
  {
    runId: uuid('run_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.position] }),
    foreignKey({ columns: [table.runId, table.day], foreignColumns: [runs.id, runs.day] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // A package is on at most one run a day; also how a package's stops are found (and removed with it).
    uniqueIndex('run_stops_package_id_day_key').on(table.packageId, table.day),
  ],
);
