import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { packages } from './packages.ts';

/**
 * Every text message Waybill queued, from queued to its provider's last receipt. The unique key makes a
 * package's event text each number once, however often the event is handled or by how many processes.
 * `sending` marks a row whose provider call may have happened (see modules/texts/text-sender.ts).
 */
export const textMessages = pgTable(
  'text_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id').references(() => packages.id, { onDelete: 'set null' }),
    /** The template: out_for_delivery, attempt_failed, delivered, returning or help. */
    kind: text('kind').notNull(),
    /** The event it answers: the kind, and what tells two of one kind apart (a second run, a second attempt). */
    eventKey: text('event_key').notNull(),
    /** E.164. */
    number: text('number').notNull(),
    /** `sms` or `whatsapp`. */
    channel: text('channel').notNull().default('sms'),
    body: text('body').notNull(),
    /** queued, sending, sent, delivered, failed or undelivered. */
    state: text('state').notNull().default('queued'),
    providerId: text('provider_id'),
    errorCode: text('error_code'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Nulls distinct: the rows of deleted packages (package_id set null) never collide.
    uniqueIndex('text_messages_event_number_key').on(table.packageId, table.eventKey, table.number),
    index('text_messages_due_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'queued'`),
    index('text_messages_sending_idx').on(table.updatedAt).where(sql`${table.state} = 'sending'`),
    index('text_messages_number_idx').on(table.number),
    index('text_messages_provider_id_idx').on(table.providerId),
    // The console's Messages page: newest first, of one state or all.
    index('text_messages_created_at_idx').on(table.createdAt),
    index('text_messages_state_created_at_idx').on(table.state, table.createdAt),
    check(
      'text_messages_state',
      sql`${table.state} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered')`,
    ),
    check('text_messages_channel', sql`${table.channel} in ('sms', 'whatsapp')`),
  ],
);

/** Numbers that replied STOP: no Waybill text goes to them until they reply START. */
export const textOptOuts = pgTable('text_opt_outs', {
  number: text('number').primaryKey(),
  since: timestamp('since', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * The admin's text settings: one row (id 1) once saved; until then the defaults (21:00–07:00 in
 * Africa/Lagos, every text on). Quiet hours are on the zone's clock; a kind switched off is not queued.
 */
export const textSettings = pgTable(
  'text_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** An IANA zone. */
    timeZone: text('time_zone').notNull(),
    /** HH:MM; equal: no quiet hours. */
    quietStart: text('quiet_start').notNull(),
    quietEnd: text('quiet_end').notNull(),
    /** The journey's texts switched off (out_for_delivery, attempt_failed, delivered, returning). */
    kindsOff: text('kinds_off').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('text_settings_single_row', sql`${table.id} = 1`)],
);

/** The shippers who ticked "Text me updates" on the ship form, with the channel they chose. */
export const shipperTexts = pgTable(
  'shipper_texts',
  {
    packageId: uuid('package_id')
      .primaryKey()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** `sms` or `whatsapp`. */
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('shipper_texts_channel', sql`${table.channel} in ('sms', 'whatsapp')`)],
);

/**
 * The numbers that asked the tracking page for a package's texts: `pending` until the 6-digit code
 * texted to them is entered (its keyed hash, 10 minutes, 5 wrong tries), then `confirmed`.
 */
export const textSubscriptions = pgTable(
  'text_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** E.164. */
    number: text('number').notNull(),
    /** pending or confirmed. */
    status: text('status').notNull().default('pending'),
    /** HMAC of the subscription's id and its code (subscription keys): a dump cannot try the million codes. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, precision: 3 }),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true, precision: 3 }),
    /** Codes texted so far: each one's text has an event key of its own. */
    codesSent: integer('codes_sent').notNull().default(0),
    /** Wrong codes entered against the current code. */
    wrongCodes: integer('wrong_codes').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('text_subscriptions_package_number_key').on(table.packageId, table.number),
    check('text_subscriptions_status', sql`${table.status} in ('pending', 'confirmed')`),
  ],
);
