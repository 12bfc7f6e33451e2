import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function listEndpointsOf(db: Database, accountId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, accountId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

/** An endpoint of the account; another account's is not found. */
export async function findEndpointOf(db: Database, accountId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(db: Database, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: Database,
  id: string,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
}

export async function deleteEndpoint(db: Database, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The endpoints of an account that are on and take `eventType`. */
export async function subscribedEndpoints(db: Database, accountId: string, eventType: string) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, accountId),
        isNull(webhookEndpoints.disabledAt),
        sql`${eventType} = any(${webhookEndpoints.events})`,
      ),
    );
}

/** Queues deliveries; one already queued for its endpoint and event is left as it is. */
export async function insertDeliveries(db: Database, rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] });
}

/** A claimed delivery with what its call needs. */
export type ClaimedDelivery = DeliveryRow & {
  url: string;
  accountId: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
};

/**
 * Claims the next due delivery, in one transaction: of an endpoint that is on and has no call in
 * flight (its `busy_until` in the past; the row locked, `SKIP LOCKED`, so two processes never take one
 * endpoint at once), and whose shipment has no earlier delivery to that endpoint still pending (a
 * shipment's events arrive in order). The endpoint is marked busy and the delivery's attempt counted,
 * both until `leaseUntil`: a process that stops mid-call frees them then.
 */
export async function claimNextDelivery(
  db: Database,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedDelivery | undefined> {
  return db.transaction(async (tx) => {
    const [picked] = await tx
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          isNull(webhookEndpoints.disabledAt),
          or(isNull(webhookEndpoints.busyUntil), lte(webhookEndpoints.busyUntil, now)),
          sql`not exists (select 1 from webhook_deliveries earlier
            where earlier.endpoint_id = ${webhookDeliveries.endpointId}
              and earlier.package_id = ${webhookDeliveries.packageId}
              and earlier.status = 'pending'
              and earlier.event_id < ${webhookDeliveries.eventId})`,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.eventId))
      .limit(1)
      .for('update', { of: [webhookEndpoints, webhookDeliveries], skipLocked: true });
    if (!picked) return undefined;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ busyUntil: leaseUntil })
      .where(eq(webhookEndpoints.id, picked.endpointId))
      .returning();
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil, lastAttemptAt: now })
      .where(eq(webhookDeliveries.id, picked.id))
      .returning();
    return {
      ...delivery!,
      url: endpoint!.url,
      accountId: endpoint!.accountId,
      secret: endpoint!.secret,
      previousSecret: endpoint!.previousSecret,
      previousSecretExpiresAt: endpoint!.previousSecretExpiresAt,
    };
  });
}

/** Settles a call: the delivery's new state and the endpoint free for its next one. */
export async function settleDelivery(
  db: Database,
  delivery: Pick<DeliveryRow, 'id' | 'endpointId'>,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, delivery.id));
    await tx.update(webhookEndpoints).set({ busyUntil: null }).where(eq(webhookEndpoints.id, delivery.endpointId));
  });
}

/** Turns an endpoint off, unless it already was: true when this call did it. */
export async function disableEndpoint(db: Database, id: string, reason: string, now: Date): Promise<boolean> {
  const changed = await db
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return changed.length > 0;
}

export async function listDeliveriesOf(
  db: Database,
  endpointId: string,
  status: string | undefined,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), status ? eq(webhookDeliveries.status, status) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventId))
    .limit(limit);
}

export async function findDeliveryOf(db: Database, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

/** Queues a delivery again, now, with a new day of retries; one still pending is left alone (false). */
export async function requeueDelivery(db: Database, id: string, now: Date): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now, deliveredAt: null })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'pending'`))
    .returning();
  return row;
}
