import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * What happened to packages, one row a change, written in the change's own transaction (a committed
 * change always has its event, a rolled-back one never does). The id grows with each event. No foreign
 * key to the package: the event of a deletion outlives its package.
 */
export const packageEvents = pgTable(
  'package_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** e.g. `package.accepted` (PACKAGE_EVENT_TYPES in modules/events). */
    type: text('type').notNull(),
    packageId: uuid('package_id').notNull(),
    trackingCode: text('tracking_code').notNull(),
    /** Who made the change: `{ type: 'operator', id }`, `{ type: 'public' }`, `{ type: 'system', name }`… */
    actor: jsonb('actor').notNull(),
    /** What the consumers need to know of the change, and no more personal data than that. */
    payload: jsonb('payload').notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('package_events_package_idx').on(table.packageId, table.id)],
);

/**
 * The consumers of the events. A consumer hears every event recorded after it was registered: the
 * event's transaction gives each registered consumer a delivery row.
 */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  registeredAt: timestamp('registered_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * One event for one consumer: pending until the consumer has handled it, which it does in the same
 * transaction that marks it done, so an event is handled once per consumer however many processes run
 * and wherever one stops. A failed attempt is retried later (exponential backoff), up to a limit.
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => packageEvents.id, { onDelete: 'cascade' }),
    /** `pending`, `done` or `failed` (gave up after the last attempt). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text('last_error'),
    handledAt: timestamp('handled_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    primaryKey({ columns: [table.consumer, table.eventId] }),
    index('event_deliveries_due_idx')
      .on(table.consumer, table.nextAttemptAt, table.eventId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
