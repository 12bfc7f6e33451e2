import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountMembers, customerAccounts } from './accounts.ts';

/**
 * A spreadsheet of shipments a business account imported: who, when, and the tracking codes it made
 * in the file's order (what its labels print). A code whose shipment was cancelled since is simply
 * not found any more.
 */
export const accountImports = pgTable(
  'account_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => customerAccounts.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => accountMembers.id, { onDelete: 'set null' }),
    trackingCodes: text('tracking_codes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('account_imports_account_id_idx').on(table.accountId, table.createdAt)],
);
