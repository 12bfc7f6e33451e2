import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { operators } from './auth.ts';
import { packages } from './packages.ts';

/**
 * A delivery's rating by its recipient or sender (docs/decisions/0051): one a package, gone with it.
 * The driver is the one whose run the package was on the day it was delivered, null without a run.
 */
export const packageRatings = pgTable(
  'package_ratings',
  {
    packageId: uuid('package_id')
      .primaryKey()
      .references(() => packages.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    /** At most 500 characters, maybe empty; operators read it, the public never. */
    comment: text('comment').notNull().default(''),
    /** recipient or shipper. */
    ratedBy: text('rated_by').notNull(),
    /** check (the tracking page's phone check) or link (the delivery e-mail's). */
    ratedHow: text('rated_how').notNull(),
    driverId: uuid('driver_id').references(() => operators.id, { onDelete: 'set null' }),
    ratedAt: timestamp('rated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('package_ratings_stars_check', sql`${table.stars} between 1 and 5`),
    check('package_ratings_rated_by_check', sql`${table.ratedBy} in ('recipient', 'shipper')`),
    check('package_ratings_rated_how_check', sql`${table.ratedHow} in ('check', 'link')`),
    // The Feedback page reads a week at a time.
    index('package_ratings_rated_at_idx').on(table.ratedAt),
  ],
);

/**
 * The delivery e-mail's single-use rating links: one a package and party, made when the e-mail is
 * written, kept as the SHA-256 of its token only; all of a package's go once it is rated.
 */
export const packageRatingLinks = pgTable(
  'package_rating_links',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** recipient or shipper: who the e-mail went to. */
    party: text('party').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.party] }),
    uniqueIndex('package_rating_links_token_hash_key').on(table.tokenHash),
  ],
);
