import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { operators } from './auth.ts';

/**
 * Each event a driver's phone sent, under the id the phone made: written in the transaction of its
 * effect, so a stored event is an applied one, and a repeat of the id answers the stored result.
 */
export const driverEvents = pgTable(
  'driver_events',
  {
    id: uuid('id').primaryKey(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => operators.id),
    /** The package it was about, while it exists (to count its failed attempts). */
    packageId: uuid('package_id'),
    trackingCode: text('tracking_code').notNull(),
    type: text('type').notNull(),
    /** When it happened on the road, as the phone said. */
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    /** SHA-256 of the event as sent: the same id with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    /** What the first sending was answered. */
    result: jsonb('result').notNull(),
    /** 'applied' or 'refused': only an applied failed attempt counts. */
    outcome: text('outcome').notNull(),
    /**
     * The driver's note of an applied failed attempt or note event: operators read it, the public never
     * (docs/decisions/0048). Emptied with the photo when the package is deleted.
     */
    note: text('note'),
    /** The reason of an applied failed attempt, one of the admin's list when it was sent. */
    reason: text('reason'),
    /** The photo of an applied failed attempt (`{uuid}.attempt.webp`, never served by /uploads). */
    photoKey: text('photo_key'),
    photoThumbnailKey: text('photo_thumbnail_key'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('driver_events_package_id_type_idx').on(table.packageId, table.type),
    index('driver_events_driver_id_tracking_code_idx').on(table.driverId, table.trackingCode),
  ],
);

/** The delivery rules an admin sets: one row (id 1) once saved; the defaults until then. */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: smallint('id').primaryKey().default(1),
    depotLocation: text('depot_location').notNull(),
    maxAttempts: integer('max_attempts').notNull().default(3),
    failureReasons: text('failure_reasons').array().notNull(),
    /** ISO weekdays delivered on (1 Monday … 7 Sunday): another delivery day is one of them (record 50). */
    workingDays: smallint('working_days').array().notNull().default(sql`'{1,2,3,4,5}'::smallint[]`),
    /** Days off, in order; those before today are dropped when the settings are saved. */
    holidays: date('holidays', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('delivery_settings_single_row', sql`${table.id} = 1`)],
);
