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

/**
 * Stores the events in one statement, in the order of their ids: two requests storing some of the same
 * ids meet at the first they share (the later waits for the other to end, then fails on the primary key
 * if it committed), never each holding an id the other waits for.
 */
export async function insertDriverEvents(db: Database, rows: NewDriverEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(driverEvents).values([...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
}

/** Failed attempts applied to each of these packages (those with none are left out). */
export async function countFailedAttemptsOf(db: Database, packageIds: string[]): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await db
    .select({ packageId: driverEvents.packageId, value: count() })
    .from(driverEvents)
    .where(
      and(
        inArray(driverEvents.packageId, packageIds),
        eq(driverEvents.type, 'attempt_failed'),
        eq(driverEvents.outcome, 'applied'),
      ),
    )
    .groupBy(driverEvents.packageId);
  return new Map(rows.map((row) => [row.packageId!, Number(row.value)]));
}

/** Which of these tracking codes the driver had an event applied about (they were on their run). */
export async function findAppliedCodes(db: Database, driverId: string, trackingCodes: string[]): Promise<Set<string>> {
  if (trackingCodes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ trackingCode: driverEvents.trackingCode })
    .from(driverEvents)
    .where(
      and(
        eq(driverEvents.driverId, driverId),
        inArray(driverEvents.trackingCode, [...new Set(trackingCodes)]),
        eq(driverEvents.outcome, 'applied'),
      ),
    );
  return new Set(rows.map((row) => row.trackingCode));
}

const settingsColumns = {
  depotLocation: deliverySettings.depotLocation,
  maxAttempts: deliverySettings.maxAttempts,
  failureReasons: deliverySettings.failureReasons,
  workingDays: deliverySettings.workingDays,
  holidays: deliverySettings.holidays,
};

export async function readDeliverySettings(db: Database) {
  const [row] = await db.select(settingsColumns).from(deliverySettings).limit(1);
  return row;
}

export async function saveDeliverySettings(
  db: Database,
  values: {
    depotLocation: string;
    maxAttempts: number;
    failureReasons: string[];
    workingDays: number[];
    holidays: string[];
  },
) {
  const [row] = await db
    .insert(deliverySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { ...values, updatedAt: new Date() } })
    .returning(settingsColumns);
  return row!;
}
