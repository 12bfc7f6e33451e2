import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { packages } from './packages.ts';

/** Every message the server tried to send, sent or failed (the console's mail log). */
export const mailLog = pgTable(
  'mail_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** `package`, `simple` or `notification`. */
    template: text('template').notNull(),
    /** `sent` or `failed`. */
    status: text('status').notNull(),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('mail_log_created_at_idx').on(table.createdAt.desc(), table.id.desc())],
);

/**
 * Customer notifications waiting to be sent. State lives here, not in a process, so any server
 * process can send them and a restart loses nothing; the unique key makes an event notify each
 * recipient once however often it is enqueued.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The package the message is about; null for a message to an operator (an invitation, a reset link). */
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    /** What happened, e.g. `accepted` or `status:Shipped`: one notification per event and recipient. */
    eventKey: text('event_key').notNull(),
    to: text('to').notNull(),
    /** What the message is rendered from when it is sent. */
    payload: jsonb('payload').notNull(),
    /** `pending`, `sent` or `failed` (gave up after the last attempt). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('mail_outbox_event_recipient_key').on(table.packageId, table.eventKey, table.to),
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Mail settings of the console: one row (id 1). Customers are notified by default (migration 0017 gave
 * an install that had never saved the setting a row that says so; one that saved "off" kept it).
 */
export const mailSettings = pgTable(
  'mail_settings',
  {
    id: smallint('id').primaryKey().default(1),
    notifyCustomers: boolean('notify_customers').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('mail_settings_single_row', sql`${table.id} = 1`)],
);
