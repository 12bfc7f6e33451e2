import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { inboxItems } from './inbox.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A business customer (a shop): created when an operator approves an account request, never deleted
 * (its packages point at it); a closed account signs nobody in and no key of it works.
 */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: text('company').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    country: text('country').notNull(),
    contactName: text('contact_name').notNull(),
    /** Stored lower-cased. */
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** `active` or `closed`. */
    status: text('status').notNull().default('active'),
    /** The account request it was approved from: approving the same request twice cannot make two accounts. */
    inboxItemId: uuid('inbox_item_id').references(() => inboxItems.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('customer_accounts_status_check', sql`${table.status} in ('active', 'closed')`),
    uniqueIndex('customer_accounts_inbox_item_id_key').on(table.inboxItemId),
    index('customer_accounts_created_at_id_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * The people of an account who sign in at /account: an owner (invites and removes colleagues, manages
 * keys) or a member. One e-mail address belongs to one account, so signing in needs nothing but it.
 */
export const accountMembers = pgTable(
  'account_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** `owner` or `member`. */
    role: text('role').notNull().default('member'),
    /** Null until the member sets a password through their link. */
    passwordHash: text('password_hash'),
    lastSignInAt: at('last_sign_in_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_members_email_key').on(table.email),
    index('account_members_account_id_idx').on(table.accountId, table.createdAt),
    check('account_members_role_check', sql`${table.role} in ('owner', 'member')`),
  ],
);

/**
 * One-time links that let a member set a password (an invitation, or the owner's link on approval, or
 * a reset): only the SHA-256 of the token is kept, a row is used at most once and only until it
 * expires, as operators' links are.
 */
export const accountMemberTokens = pgTable(
  'account_member_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    /** `invite` or `reset`. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_member_tokens_token_hash_key').on(table.tokenHash),
    index('account_member_tokens_member_id_idx').on(table.memberId),
    check('account_member_tokens_purpose_check', sql`${table.purpose} in ('invite', 'reset')`),
  ],
);

/** Sessions of account members, apart from operators' (their own cookie, their own table). */
export const accountSessions = pgTable(
  'account_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the cookie's token. */
    tokenHash: text('token_hash').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('account_sessions_token_hash_key').on(table.tokenHash),
    index('account_sessions_member_id_idx').on(table.memberId),
    index('account_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * Keys for /api/v1: `wb_live_` and 32 random bytes, shown once. Only the SHA-256 of the whole key is
 * kept; `prefix` (its first characters) lets a person tell their keys apart. A revoked key stays, so
 * the list shows when it was revoked.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: uuid('created_by').references(() => accountMembers.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_key').on(table.keyHash),
    index('api_keys_account_id_idx').on(table.accountId, table.createdAt),
  ],
);
