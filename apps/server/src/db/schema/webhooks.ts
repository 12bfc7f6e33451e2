import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A business account's webhook endpoint: where its shipments' events are posted, signed with `secret`
 * (and, for a day after a rotation, also with `previous_secret`). Turned off (`disabled_at`) when its
 * calls failed for a day; turned back on by the account.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (shipment.created, …). */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    disabledAt: at('disabled_at'),
    disabledReason: text('disabled_reason'),
    /** While a call is in flight: one call at a time per endpoint, across processes. */
    busyUntil: at('busy_until'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_account_id_idx').on(table.accountId, table.createdAt)],
);

/**
 * One event to post to one endpoint, and how its calls went: `pending` until a call is answered with a
 * 2xx (`succeeded`) or its retries run out (`failed`). The unique key makes an event one delivery per
 * endpoint however often it is handled.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The package event it tells (modules/events): its order is the order of the shipment's calls. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    /** No foreign key: a deleted package's deliveries stay in the list. */
    packageId: uuid('package_id').notNull(),
    trackingCode: text('tracking_code').notNull(),
    /** The body posted, as JSON text: signed as it is sent. */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    responseStatus: smallint('response_status'),
    lastError: text('last_error'),
    lastAttemptAt: at('last_attempt_at'),
    deliveredAt: at('delivered_at'),
    /** When it was queued (or resent): its retries end a day after. */
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_package_idx')
      .on(table.endpointId, table.packageId, table.eventId)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_created_idx').on(table.endpointId, table.createdAt.desc()),
    check('webhook_deliveries_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
