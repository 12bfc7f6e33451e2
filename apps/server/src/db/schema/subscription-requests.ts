import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests for e-mail updates per recipient mailbox, whatever the package, in a fixed window: what
 * bounds the confirmation e-mails one inbox can be sent. The mailbox is a keyed hash (HMAC with the
 * subscription key) of its `mailboxKey`, so plus-address and dot variants count as one and the table
 * names no address.
 */
export const subscriptionRequestCounts = pgTable('subscription_request_counts', {
  mailboxHash: text('mailbox_hash').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, precision: 3 }).notNull(),
});
