import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliverySettings, driverEvents } from '../../db/schema/index.ts';

export type DriverEventRow = typeof driverEvents.$inferSelect;
export type NewDriverEventRow = typeof driverEvents.$inferInsert;

export async function findDriverEvent(db: Database, id: string): Promise<DriverEventRow | undefined> {
  const [row] = await db.select().from(driverEvents).where(eq(driverEvents.id, id));
  return row;
}

export async function findDriverEvents(db: Database, ids: string[]): Promise<DriverEventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(driverEvents).where(inArray(driverEvents.id, ids));
}

/** Stores the event: a second transaction inserting the id waits for this one, then fails on the primary key. */
export async function insertDriverEvent(db: Database, values: NewDriverEventRow): Promise<void> {
  await db.insert(driverEvents).values(values);
}

/** Failed attempts applied to a package. */
export async function countFailedAttempts(db: Database, packageId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(driverEvents)
    .where(
      and(
        eq(driverEvents.packageId, packageId),
        eq(driverEvents.type, 'attempt_failed'),
        eq(driverEvents.outcome, 'applied'),
      ),
    );
  return row?.value ?? 0;
}

/** True when the driver had an event about the package applied on that package (it was on their run). */
export async function hadAppliedEvent(db: Database, driverId: string, trackingCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: driverEvents.id })
    .from(driverEvents)
    .where(
      and(
        eq(driverEvents.driverId, driverId),
        eq(driverEvents.trackingCode, trackingCode),
        eq(driverEvents.outcome, 'applied'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const settingsColumns = {
  depotLocation: deliverySettings.depotLocation,
  maxAttempts: deliverySettings.maxAttempts,
  failureReasons: deliverySettings.failureReasons,
};

export async function readDeliverySettings(db: Database) {
  const [row] = await db.select(settingsColumns).from(deliverySettings).limit(1);
  return row;
}

export async function saveDeliverySettings(
  db: Database,
  values: { depotLocation: string; maxAttempts: number; failureReasons: string[] },
) {
  const [row] = await db
    .insert(deliverySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { ...values, updatedAt: new Date() } })
    .returning(settingsColumns);
  return row!;
}
