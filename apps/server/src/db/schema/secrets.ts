import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Random keys the server signs with (the anti-forgery token, the sign-in device cookie), made by the
 * first process that needs one and read by every other: processes on one PostgreSQL sign and check
 * alike without a setting to share. They only sign what the server hands its own visitors; nothing
 * stored is sealed with them (addresses and links at rest use SUBSCRIPTION_KEY, kept out of the
 * database).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** 32 random bytes, base64. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
