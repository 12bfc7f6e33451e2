import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What customers send the company: support requests, home contact messages and account requests, in
 * one table so the console lists them on one page, newest first. The fields every kind has are
 * columns; the rest (subject, category, priority, company, address, city, country) sits in `details`,
 * read back through the kind's schema. The account password is only ever a scrypt hash, in a column of
 * its own that no list query selects.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `support`, `contact` or `account`. */
    kind: text('kind').notNull(),
    /** `new` or `handled`. */
    state: text('state').notNull().default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull().default(''),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('inbox_items_kind_check', sql`${table.kind} in ('support', 'contact', 'account')`),
    check('inbox_items_state_check', sql`${table.state} in ('new', 'handled')`),
    // An account request always carries a hash, and nothing else ever does.
    check('inbox_items_password_hash_check', sql`(${table.kind} = 'account') = (${table.passwordHash} is not null)`),
    // The console lists everything, or one state, or one kind and state, always newest first.
    index('inbox_items_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('inbox_items_state_created_at_idx').on(table.state, table.createdAt.desc(), table.id.desc()),
    index('inbox_items_kind_state_created_at_idx').on(table.kind, table.state, table.createdAt.desc(), table.id.desc()),
  ],
);
