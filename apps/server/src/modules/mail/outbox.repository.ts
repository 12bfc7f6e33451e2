import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox, mailSettings } from '../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

/** Inserts notifications; one that already exists for the same event and recipient is skipped. */
export async function insertOutboxMessages(db: Database, rows: NewOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(mailOutbox)
    .values(rows)
    .onConflictDoNothing({ target: [mailOutbox.packageId, mailOutbox.eventKey, mailOutbox.to] })
    .returning({ id: mailOutbox.id });
  return inserted.length;
}

/**
 * Claims up to `limit` due messages for one sender: one statement, `SKIP LOCKED` so concurrent
 * processes take different rows, and a lease (the next attempt moved to `leaseUntil`) so a message
 * whose sender died mid-way is picked up again after the lease instead of staying stuck.
 */
export async function claimDueMessages(db: Database, now: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/** Marks a message sent; `payload`, when given, replaces what was stored (to drop a secret it carried). */
export async function markMessageSent(db: Database, id: string, sentAt: Date, payload?: unknown): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt, lastError: null, ...(payload === undefined ? {} : { payload }) })
    .where(eq(mailOutbox.id, id));
}

/**
 * Records a failed attempt: tried again at `retryAt`, or given up when `retryAt` is undefined.
 * `payload`, when given, replaces what was stored (a message given up drops the link it carried).
 */
export async function markMessageFailed(
  db: Database,
  id: string,
  error: string,
  retryAt?: Date,
  payload?: unknown,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      ...(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, status: 'failed' }),
      ...(payload === undefined ? {} : { payload }),
    })
    .where(eq(mailOutbox.id, id));
}

export async function readNotifyCustomers(db: Database): Promise<boolean> {
  const [row] = await db.select({ notifyCustomers: mailSettings.notifyCustomers }).from(mailSettings).limit(1);
  // Migration 0017 leaves a row in every database; without one, the column's default.
  return row?.notifyCustomers ?? true;
}

export async function saveNotifyCustomers(db: Database, notifyCustomers: boolean): Promise<boolean> {
  const [row] = await db
    .insert(mailSettings)
    .values({ id: 1, notifyCustomers })
    .onConflictDoUpdate({ target: mailSettings.id, set: { notifyCustomers, updatedAt: new Date() } })
    .returning({ notifyCustomers: mailSettings.notifyCustomers });
  return row!.notifyCustomers;
}
