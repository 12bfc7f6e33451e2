import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerAccounts } from './accounts.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
};

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackingCode: text('tracking_code').notNull(),
    status: text('status').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    receiverName: text('receiver_name').notNull(),
    receiverEmail: text('receiver_email').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    destination: text('destination').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    weight: doublePrecision('weight').notNull(),
    dimensionUnit: text('dimension_unit').notNull(),
    length: doublePrecision('length').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true, precision: 3 }),
    /** The business customer that shipped it (portal or /api/v1); null for the public ship form's packages. */
    accountId: uuid('account_id').references(() => customerAccounts.id),
    // What the console search matches: one lower-cased text per row with a trigram index, so a
    // "contains" search stays fast. Measured on 100 000 seeded rows (page + count): a rare e-mail or
    // phone 3–26 ms with the index against 160–220 ms scanning; queries under 3 letters still scan.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(tracking_code || ' ' || name || ' ' || receiver_name || ' ' || email || ' ' || receiver_email || ' ' || phone || ' ' || receiver_phone)`,
      ),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('packages_tracking_code_key').on(table.trackingCode),
    // An account's shipments, newest first: only the rows that have an account are in it.
    index('packages_account_id_created_at_id_idx')
      .on(table.accountId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.accountId} is not null`),
    // The console lists newest first with the id as tie-breaker: both keys in the index let a page
    // (and a status filter) read 24 rows in order instead of sorting the whole table. NULLS FIRST is
    // what a plain ORDER BY … DESC means; an index with NULLS LAST would not serve it.
    index('packages_status_created_at_id_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('packages_created_at_id_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The console's "last update" sort, either way (a b-tree reads backwards for oldest first).
    // Measured on 100 000 rows, a page of 24: 0.3 ms with these indexes against 48–53 ms sorting.
    index('packages_updated_at_id_idx').on(table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('packages_status_updated_at_id_idx').on(
      table.status,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The "past its estimated delivery" rule of the console's Needs attention filter.
    index('packages_estimated_delivery_idx').on(table.estimatedDelivery),
    // The console's Needs attention list, newest first: every rule excludes Delivered and Rejected, so
    // PostgreSQL proves the filter implies this predicate and walks only the open packages (a busy
    // table is mostly delivered ones). 100 000 rows, 3 359 open: page 0.7 ms, count 1.9 ms, against a
    // 73 ms scan of the table for the count.
    index('packages_open_created_at_id_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} not in ('Delivered', 'Rejected')`),
    // The packages that can go out on a run (RUN_STATUSES in the domain), newest first: the Dispatch
    // list of a day walks only these, however many delivered packages the table holds.
    index('packages_run_ready_created_at_id_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(
        sql`${table.status} in ('Order Placed', 'Package in transit to sorting hub', 'Package in sorting hub', 'Processing', 'Shipped', 'Out for Delivery')`,
      ),
    index('packages_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // A search that is a whole e-mail address finds its packages by equality: a trigram lookup of an
    // address reads the postings of trigrams every row has ('@ex', '.co'), so it grows with the table.
    index('packages_email_lower_idx').on(sql`lower(${table.email})`),
    index('packages_receiver_email_lower_idx').on(sql`lower(${table.receiverEmail})`),
  ],
);

export const locationUpdates = pgTable(
  'location_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    location: text('location').notNull(),
    // Millisecond precision: the console deletes an update by the timestamp it was shown.
    timestamp: timestamp('timestamp', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Set when the update is a driver's failed delivery attempt: the reason chosen (the tracking page tells it). */
    attemptReason: text('attempt_reason'),
  },
  (table) => [index('location_updates_package_id_timestamp_idx').on(table.packageId, table.timestamp)],
);

/**
 * Who took a delivered package, with an optional photo and drawn signature (image keys of the storage,
 * written through the same pipeline as a submission's photos). One per package: a second proof replaces it.
 */
export const deliveryProofs = pgTable('delivery_proofs', {
  packageId: uuid('package_id')
    .primaryKey()
    .references(() => packages.id, { onDelete: 'cascade' }),
  receivedBy: text('received_by').notNull(),
  photoKey: text('photo_key'),
  photoThumbnailKey: text('photo_thumbnail_key'),
  signatureKey: text('signature_key'),
  recordedBy: uuid('recorded_by'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * How many packages are in each status, kept by statement triggers on packages in the same transaction
 * as every change (migration 0009), so the console's unfiltered and status-filtered totals read one row
 * instead of counting the table.
 */
export const packageStatusCounts = pgTable('package_status_counts', {
  status: text('status').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

export const packageImages = pgTable(
  'package_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('package_images_package_id_position_key').on(table.packageId, table.position)],
);
