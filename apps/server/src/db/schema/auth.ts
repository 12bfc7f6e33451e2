import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** `admin`, `operator` or `driver` (see http/access.ts for what each may do). */
    role: text('role').notNull().default('operator'),
    /** Set by an admin: a deactivated operator cannot sign in and has no session. */
    active: boolean('active').notNull().default(true),
    /** Null until an invited operator sets a password through their invitation link. */
    passwordHash: text('password_hash'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operators_email_key').on(table.email),
    check('operators_role_check', sql`${table.role} in ('admin', 'operator', 'driver')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    tokenHash: text('token_hash').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_operator_id_idx').on(table.operatorId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * One-time links of an invitation or a password reset. Only the SHA-256 of the token is kept; a row
 * is used at most once (`used_at` is set by the statement that accepts it) and only until it expires.
 */
export const operatorTokens = pgTable(
  'operator_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** `invite` or `reset`. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('operator_tokens_token_hash_key').on(table.tokenHash),
    index('operator_tokens_operator_id_idx').on(table.operatorId),
  ],
);

/**
 * Failed sign-ins in a row, and when the next attempt may be made, per key: `account:<e-mail>` for
 * attempts from browsers the operator never signed in from (the e-mail as typed, lower-cased, known or
 * not: an unknown address is counted exactly like an operator's, so the answer tells nothing about who
 * has an account), `device:<operator id>:<browser id>` for each browser an operator signed in from
 * before. In the database, so every server process counts against the same row.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Attempts before this are refused (429) without looking at the password. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('sign_in_failures_last_failed_at_idx').on(table.lastFailedAt)],
);
