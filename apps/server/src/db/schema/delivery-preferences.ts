import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { packages } from './packages.ts';

/**
 * How the recipient or the sender wants a package delivered, set on the tracking page once checked
 * (docs/decisions/0049): instructions for the driver and a safe place. One row a package, gone with it.
 */
export const deliveryPreferences = pgTable('delivery_preferences', {
  packageId: uuid('package_id')
    .primaryKey()
    .references(() => packages.id, { onDelete: 'cascade' }),
  /** Free text for the driver and the operators, at most 300 characters; never on the label. */
  instructions: text('instructions').notNull().default(''),
  /** none, front_door, back_door, reception or neighbour. */
  safePlace: text('safe_place').notNull().default('none'),
  neighbourName: text('neighbour_name'),
  neighbourHouse: text('neighbour_house'),
  /** Who set them last: recipient or shipper. */
  setBy: text('set_by').notNull(),
  setAt: timestamp('set_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  /** Another delivery day, chosen instead of the estimated delivery (record 50); null while none is. */
  deliveryDay: date('delivery_day', { mode: 'string' }),
  /** The package's estimated delivery before a day was chosen: what null brings back, where choices count from. */
  estimatedBefore: timestamp('estimated_before', { withTimezone: true, precision: 3 }),
});
