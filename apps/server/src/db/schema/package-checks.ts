import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each try of a visitor to prove they are a package's sender or recipient (POST
 * /api/track/{code}/verify): the code as typed (normalised), the client's address, and how it went. The
 * wrong tries of the last hour, per code and per address, make the budget; in the database, so every
 * server process counts against the same rows. Never the digits tried.
 */
export const packageChecks = pgTable(
  'package_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackingCode: text('tracking_code').notNull(),
    client: text('client').notNull(),
    /** `verified`, or `wrong`: digits that match neither phone, or no such package (a refused try is audited only). */
    outcome: text('outcome').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('package_checks_tracking_code_at_idx').on(table.trackingCode, table.at),
    index('package_checks_client_at_idx').on(table.client, table.at),
    // Rows past the budget's hour are deleted as new tries come.
    index('package_checks_at_idx').on(table.at),
  ],
);
