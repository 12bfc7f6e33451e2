import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { packages } from './packages.ts';

/**
 * Addresses that asked for a package's updates by e-mail (double opt-in). The address is kept as a keyed
 * hash, to find a repeat without reading it, beside a sealed copy used only to send; tokens are stored
 * as SHA-256 hashes, never as the link itself.
 */
export const trackingSubscriptions = pgTable(
  'tracking_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    emailSealed: text('email_sealed').notNull(),
    /** `pending` (confirmation sent), `confirmed` or `unsubscribed`. */
    status: text('status').notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, precision: 3 }),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, precision: 3 }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    check('tracking_subscriptions_status_check', sql`${table.status} in ('pending', 'confirmed', 'unsubscribed')`),
    uniqueIndex('tracking_subscriptions_package_email_key').on(table.packageId, table.emailHash),
    uniqueIndex('tracking_subscriptions_confirm_token_key').on(table.confirmTokenHash),
    uniqueIndex('tracking_subscriptions_unsubscribe_token_key').on(table.unsubscribeTokenHash),
    index('tracking_subscriptions_package_status_idx').on(table.packageId, table.status),
  ],
);
