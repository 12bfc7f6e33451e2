import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Both tables hold at most one row (SPEC §3: only the first record is used); a unique index on a
// constant enforces that even when two operators create at the same moment.
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name1: text('name1').notNull(),
    name2: text('name2').notNull(),
    name3: text('name3').notNull(),
    price1: doublePrecision('price1').notNull(),
    price2: doublePrecision('price2').notNull(),
    price3: doublePrecision('price3').notNull(),
    description1: text('description1').notNull().default(''),
    description2: text('description2').notNull().default(''),
    description3: text('description3').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  () => [uniqueIndex('plans_single_row_key').on(sql`(true)`)],
);

export const contactDetails = pgTable(
  'contact_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    whatsapp: text('whatsapp').notNull().default(''),
    address: text('address').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  () => [uniqueIndex('contact_details_single_row_key').on(sql`(true)`)],
);

/**
 * The console's "Needs attention" rules, in hours: one row (id 1) once saved; until then the defaults
 * (Pending for more than 24 hours, no update for more than 48, past the estimated delivery).
 */
export const attentionSettings = pgTable(
  'attention_settings',
  {
    id: smallint('id').primaryKey().default(1),
    pendingHours: integer('pending_hours').notNull().default(24),
    staleHours: integer('stale_hours').notNull().default(48),
    lateHours: integer('late_hours').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [check('attention_settings_single_row', sql`${table.id} = 1`)],
);
