import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { packages, subscriptionRequestCounts, trackingSubscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof trackingSubscriptions.$inferSelect;
export type NewSubscriptionRow = typeof trackingSubscriptions.$inferInsert;

/**
 * The package of a code, its row locked until the transaction ends: every change to a package's
 * subscriptions takes this lock first, so two confirmations cannot both see four and make six.
 */
export async function lockPackageByCode(
  tx: Database,
  trackingCode: string,
): Promise<{ id: string; trackingCode: string; status: string } | undefined> {
  const [row] = await tx
    .select({ id: packages.id, trackingCode: packages.trackingCode, status: packages.status })
    .from(packages)
    .where(eq(packages.trackingCode, trackingCode))
    .limit(1)
    .for('update');
  return row;
}

export async function lockPackageById(tx: Database, id: string): Promise<void> {
  await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, id)).for('update');
}

export async function countConfirmed(db: Database, packageId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.packageId, packageId), eq(trackingSubscriptions.status, 'confirmed')));
  return row?.n ?? 0;
}

export async function findByAddress(
  db: Database,
  packageId: string,
  emailHash: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.packageId, packageId), eq(trackingSubscriptions.emailHash, emailHash)))
    .limit(1);
  return row;
}

/** A subscription by the hash of one of its tokens, with its package's code. */
export async function findByTokenHash(
  db: Database,
  which: 'confirm' | 'unsubscribe',
  tokenHash: string,
): Promise<(SubscriptionRow & { trackingCode: string }) | undefined> {
  const column =
    which === 'confirm' ? trackingSubscriptions.confirmTokenHash : trackingSubscriptions.unsubscribeTokenHash;
  const [row] = await db
    .select({ subscription: trackingSubscriptions, trackingCode: packages.trackingCode })
    .from(trackingSubscriptions)
    .innerJoin(packages, eq(packages.id, trackingSubscriptions.packageId))
    .where(eq(column, tokenHash))
    .limit(1);
  return row ? { ...row.subscription, trackingCode: row.trackingCode } : undefined;
}

export async function insertSubscription(db: Database, row: NewSubscriptionRow): Promise<void> {
  await db.insert(trackingSubscriptions).values(row);
}

export async function updateSubscription(
  db: Database,
  id: string,
  changes: Partial<Omit<NewSubscriptionRow, 'id' | 'packageId' | 'emailHash'>>,
): Promise<void> {
  await db.update(trackingSubscriptions).set(changes).where(eq(trackingSubscriptions.id, id));
}

/**
 * Counts a request for a mailbox in one statement, unless its window is full: then nothing changes and
 * the answer is when the window ends. The first request after a window starts a new one at 1, so
 * requests from any number of processes at once each get their own count.
 */
export async function countMailboxRequest(
  db: Database,
  mailboxHash: string,
  now: Date,
  rule: { max: number; windowMs: number },
): Promise<{ counted: true } | { counted: false; windowEndsAt: Date }> {
  const table = subscriptionRequestCounts;
  const ended = sql`${table.windowStartedAt} <= ${new Date(now.getTime() - rule.windowMs)}`;
  const counted = await db
    .insert(table)
    .values({ mailboxHash, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: table.mailboxHash,
      set: {
        count: sql`case when ${ended} then 1 else ${table.count} + 1 end`,
        windowStartedAt: sql`case when ${ended} then ${now}::timestamptz else ${table.windowStartedAt} end`,
      },
      setWhere: sql`${ended} or ${table.count} < ${rule.max}`,
    })
    .returning({ count: table.count });
  if (counted.length > 0) return { counted: true };
  const [row] = await db
    .select({ windowStartedAt: table.windowStartedAt })
    .from(table)
    .where(eq(table.mailboxHash, mailboxHash))
    .limit(1);
  return { counted: false, windowEndsAt: new Date((row?.windowStartedAt ?? now).getTime() + rule.windowMs) };
}
