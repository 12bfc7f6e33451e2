import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, written in the same transaction as the change it records. The operator is kept as id
 * and e-mail text (no foreign key), so an entry reads the same after the operator changes or goes. The
 * database refuses any UPDATE, DELETE or TRUNCATE of it (triggers of the migration that adds it).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The clock at the write, not the transaction's start: entries of one transaction keep their order.
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().default(sql`clock_timestamp()`),
    /** `operator`, `customer`, `system` or `command-line`. */
    actorKind: text('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The operator's address; none for a customer, whose address is personal data the log need not keep. */
    ip: text('ip'),
  },
  (table) => [
    check('audit_log_actor_kind_check', sql`${table.actorKind} in ('operator', 'customer', 'system', 'command-line')`),
    index('audit_log_at_idx').on(table.at.desc(), table.id.desc()),
    index('audit_log_target_idx').on(table.targetId, table.at.desc()),
    index('audit_log_actor_id_idx').on(table.actorId, table.at.desc()),
    index('audit_log_actor_email_idx').on(table.actorEmail, table.at.desc()),
    index('audit_log_action_idx').on(table.action, table.at.desc()),
  ],
);
