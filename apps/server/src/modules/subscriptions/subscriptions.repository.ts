import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shipments, trackingSubscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof trackingSubscriptions.$inferSelect;
export type NewSubscriptionRow = typeof trackingSubscriptions.$inferInsert;

/**
 * The package of a code, its row locked until the transaction ends: every change to a package's
 * subscriptions takes this lock first, so two confirmations cannot both see four and make six.
 */
export async function lockShipmentByCode(
  tx: Database,
  trackingCode: string,
): Promise<{ id: string; trackingCode: string } | undefined> {
  const [row] = await tx
    .select({ id: shipments.id, trackingCode: shipments.trackingCode })
    .from(shipments)
    .where(eq(shipments.trackingCode, trackingCode))
    .limit(1)
    .for('update');
  return row;
}

export async function lockShipmentById(tx: Database, id: string): Promise<void> {
  await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, id)).for('update');
}

export async function countConfirmed(db: Database, shipmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.shipmentId, shipmentId), eq(trackingSubscriptions.status, 'confirmed')));
  return row?.n ?? 0;
}

export async function findByAddress(
  db: Database,
  shipmentId: string,
  emailHash: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.shipmentId, shipmentId), eq(trackingSubscriptions.emailHash, emailHash)))
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
    .select({ subscription: trackingSubscriptions, trackingCode: shipments.trackingCode })
    .from(trackingSubscriptions)
    .innerJoin(shipments, eq(shipments.id, trackingSubscriptions.shipmentId))
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
  changes: Partial<Omit<NewSubscriptionRow, 'id' | 'shipmentId' | 'emailHash'>>,
): Promise<void> {
  await db.update(trackingSubscriptions).set(changes).where(eq(trackingSubscriptions.id, id));
}
