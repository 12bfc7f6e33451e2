import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Idempotency keys of write requests (the `Idempotency-Key` header). A row is claimed before the write
 * runs, so of two identical requests arriving at once, on any server process, exactly one does the
 * work; the other waits for the stored answer and replays it. Rows expire after 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Method and route pattern, e.g. `POST /api/submit-package`. */
    route: text('route').notNull(),
    /** The operator's id on console routes, '' on public ones: operators never share keys. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of what was asked (URL and body): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** `in_progress` while the first request runs, `done` once its answer is stored. */
    state: text('state').notNull().default('in_progress'),
    /** Which request holds the claim; only it may store the answer or let the key go. */
    owner: uuid('owner').notNull(),
    /** Renewed while the owner works; past it, the owner is presumed dead and another may take over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, precision: 3 }).notNull(),
    statusCode: integer('status_code'),
    /** The answer's body exactly as sent. */
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [table.route, table.scope, table.key] }),
    check('idempotency_keys_state_check', sql`${table.state} in ('in_progress', 'done')`),
    // A stored answer exactly when done.
    check(
      'idempotency_keys_answer_check',
      sql`(${table.state} = 'done') = (${table.statusCode} is not null and ${table.responseBody} is not null)`,
    ),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);
