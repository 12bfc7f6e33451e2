import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every server process on the database (unless REDIS_URL counts them):
 * sign-in's hit by hit, the public limits' as each process settles the hits it counted in memory
 * (docs/decisions/0058). One row per budget and client address, in a fixed window: the first hit after
 * `expires_at` starts a new window. Expired rows are as good as absent and are deleted now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Method (HEAD counted as GET), route pattern and client address. */
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('rate_limit_counters_expires_at_idx').on(table.expiresAt)],
);

/**
 * The server processes counting rate limits on this database, each seen at its last settlement (about
 * once a second). How many are alive sets how many hits each may count alone before the others know.
 */
export const rateLimitPeers = pgTable('rate_limit_peers', {
  id: text('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true, precision: 3 }).notNull(),
});
