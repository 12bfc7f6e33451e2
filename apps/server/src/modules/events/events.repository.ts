import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { eventConsumers, eventDeliveries, packageEvents, packages } from '../../db/schema/index.ts';
import { eventActorOf, type NewPackageEvent, type PackageEvent } from './package-event.ts';

/**
 * Records the event in the caller's transaction; the database gives it a delivery row for every
 * registered consumer (migration 0018's trigger) and wakes the dispatchers once it commits.
 */
export async function insertPackageEvent(db: Database, event: NewPackageEvent): Promise<number> {
  const [row] = await db
    .insert(packageEvents)
    .values({
      type: event.type,
      packageId: event.packageId,
      trackingCode: event.trackingCode,
      actor: eventActorOf(event.actor),
      payload: event.payload,
    })
    .returning({ id: packageEvents.id });
  return row!.id;
}

/** Records many events in one statement, their ids in the order given (one announcement for all). */
export async function insertPackageEvents(db: Database, events: NewPackageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(packageEvents).values(
    events.map((event) => ({
      type: event.type,
      packageId: event.packageId,
      trackingCode: event.trackingCode,
      actor: eventActorOf(event.actor),
      payload: event.payload,
    })),
  );
}

/** Registers consumers that were not yet: each hears the events recorded from now on. */
export async function registerConsumers(db: Database, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(eventConsumers)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

export interface ClaimedDelivery {
  attempts: number;
  event: PackageEvent;
  /** The business account of the event's package; null for none, or a package no longer there. */
  accountId: string | null;
}

/**
 * Locks up to `limit` of the consumer's due deliveries, oldest event first, for the caller's
 * transaction: `SKIP LOCKED`, so the dispatchers of other processes take other rows, and a process that
 * stops mid-way releases its rows with its transaction.
 */
export async function claimDueDeliveries(
  tx: Database,
  consumer: string,
  now: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await tx
    .select({
      attempts: eventDeliveries.attempts,
      id: packageEvents.id,
      type: packageEvents.type,
      packageId: packageEvents.packageId,
      trackingCode: packageEvents.trackingCode,
      actor: packageEvents.actor,
      payload: packageEvents.payload,
      occurredAt: packageEvents.occurredAt,
      accountId: packages.accountId,
    })
    .from(eventDeliveries)
    .innerJoin(packageEvents, eq(packageEvents.id, eventDeliveries.eventId))
    .leftJoin(packages, eq(packages.id, packageEvents.packageId))
    .where(
      and(
        eq(eventDeliveries.consumer, consumer),
        eq(eventDeliveries.status, 'pending'),
        lte(eventDeliveries.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(eventDeliveries.eventId))
    .limit(limit)
    .for('update', { of: eventDeliveries, skipLocked: true });
  return rows.map(({ attempts, accountId, ...event }) => ({ attempts, accountId, event: event as PackageEvent }));
}

const delivery = (consumer: string, eventId: number) =>
  and(eq(eventDeliveries.consumer, consumer), eq(eventDeliveries.eventId, eventId));

/** Marks the consumer's deliveries of these events handled, in one statement. */
export async function markHandled(tx: Database, consumer: string, eventIds: number[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  await tx
    .update(eventDeliveries)
    .set({ status: 'done', attempts: sql`${eventDeliveries.attempts} + 1`, handledAt: now, lastError: null })
    .where(and(eq(eventDeliveries.consumer, consumer), inArray(eventDeliveries.eventId, eventIds)));
}

/** A failed attempt: tried again at `retryAt`, or given up when it is undefined. */
export async function markAttemptFailed(
  tx: Database,
  consumer: string,
  eventId: number,
  error: string,
  retryAt: Date | undefined,
): Promise<void> {
  await tx
    .update(eventDeliveries)
    .set({
      attempts: sql`${eventDeliveries.attempts} + 1`,
      lastError: error,
      ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' }),
    })
    .where(delivery(consumer, eventId));
}
