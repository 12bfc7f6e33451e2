import { RUN_STATUSES } from '@waybill/domain';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deliveryPreferences, locationUpdates, packages, runStops, runs } from '../../db/schema/index.ts';

export type RunRow = typeof runs.$inferSelect;
export type RunStopRow = typeof runStops.$inferSelect;

export async function findRunsOfDay(db: Database, day: string): Promise<RunRow[]> {
  return db.select().from(runs).where(eq(runs.day, day)).orderBy(asc(runs.createdAt), asc(runs.id));
}

export async function findRunById(db: Database, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id)).limit(1);
  return row;
}

/** The run with this id, its row locked until the transaction ends: changes to one run go one at a time. */
export async function lockRun(tx: Database, id: string): Promise<RunRow | undefined> {
  const [row] = await tx.select().from(runs).where(eq(runs.id, id)).limit(1).for('update');
  return row;
}

/**
 * Locks every run of `day`, in id order, until the transaction ends: changes to a day's stops (which
 * may take a stop from any run of the day) go one at a time, and always lock in the same order.
 */
export async function lockRunsOfDay(tx: Database, day: string): Promise<void> {
  await tx.select({ id: runs.id }).from(runs).where(eq(runs.day, day)).orderBy(asc(runs.id)).for('update');
}

export async function findRunOfDriver(db: Database, driverId: string, day: string): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(runs)
    .where(and(eq(runs.driverId, driverId), eq(runs.day, day)))
    .limit(1);
  return row;
}

/** Inserts a run; undefined when the driver already has one that day. */
export async function insertRun(db: Database, values: { driverId: string; day: string }): Promise<RunRow | undefined> {
  const [row] = await db.insert(runs).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRun(
  db: Database,
  id: string,
  changes: Partial<Pick<RunRow, 'driverId' | 'day'>>,
): Promise<RunRow | undefined> {
  const [row] = await db
    .update(runs)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(runs.id, id))
    .returning();
  return row;
}

export async function touchRuns(db: Database, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.update(runs).set({ updatedAt: new Date() }).where(inArray(runs.id, ids));
}

/** Deletes a run; its stops go with it (the foreign key cascades). */
export async function deleteRun(db: Database, id: string): Promise<void> {
  await db.delete(runs).where(eq(runs.id, id));
}

/** The stops of these runs, each run's in its order. */
export async function findStopsOf(db: Database, runIds: string[]): Promise<RunStopRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(runStops)
    .where(inArray(runStops.runId, runIds))
    .orderBy(asc(runStops.runId), asc(runStops.position));
}

/** The stops of other runs of `day` that hold any of these packages (about to move to `runId`). */
export async function findStopsElsewhere(
  db: Database,
  runId: string,
  day: string,
  packageIds: string[],
): Promise<RunStopRow[]> {
  if (packageIds.length === 0) return [];
  return db
    .select()
    .from(runStops)
    .where(and(eq(runStops.day, day), inArray(runStops.packageId, packageIds), ne(runStops.runId, runId)));
}

/** The stops of a package on runs of `from` or later, but not of `keep`, in day order. */
export async function findStopsOfPackageFrom(
  db: Database,
  packageId: string,
  from: string,
  keep: string,
): Promise<RunStopRow[]> {
  return db
    .select()
    .from(runStops)
    .where(and(eq(runStops.packageId, packageId), sql`${runStops.day} >= ${from}`, ne(runStops.day, keep)))
    .orderBy(asc(runStops.day));
}

/** Removes these packages from whatever runs of `day` hold them (the stops' order keeps its gaps). */
export async function deleteStopsOfPackages(db: Database, day: string, packageIds: string[]): Promise<void> {
  if (packageIds.length === 0) return;
  await db.delete(runStops).where(and(eq(runStops.day, day), inArray(runStops.packageId, packageIds)));
}

/** Replaces a run's stops with these packages, in this order (positions from 1). */
export async function replaceStops(db: Database, run: RunRow, packageIds: string[]): Promise<void> {
  await db.delete(runStops).where(eq(runStops.runId, run.id));
  if (packageIds.length === 0) return;
  await db
    .insert(runStops)
    .values(packageIds.map((packageId, index) => ({ runId: run.id, day: run.day, packageId, position: index + 1 })));
}

/**
 * Packages that can go out (RUN_STATUSES), are on no run of `day` and were not moved to a later day
 * (another delivery day, record 50). The status list is the predicate
 * of the partial index `packages_run_ready_created_at_id_idx`, which gives the order; each package's
 * stop that day is one probe of `run_stops_package_id_day_key`.
 */
function unassignedCondition(day: string, search: string | undefined) {
  return and(
    search ? sql`${packages.searchText} like ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    inArray(packages.status, [...RUN_STATUSES]),
    notExists(
      sql`(select 1 from ${runStops} where ${runStops.packageId} = ${packages.id} and ${runStops.day} = ${day})`,
    ),
    // A package moved to a later day waits for it (record 50): one probe of the preferences' key.
    notExists(
      sql`(select 1 from ${deliveryPreferences} where ${deliveryPreferences.packageId} = ${packages.id} and ${deliveryPreferences.deliveryDay} > ${day}::date)`,
    ),
  );
}

/** One page of the ids of the packages that can go out on `day` and are on no run yet, newest first. */
export async function findUnassignedIds(
  db: Database,
  day: string,
  search: string | undefined,
  window: { limit: number; offset: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: packages.id })
    .from(packages)
    .where(unassignedCondition(day, search))
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => row.id);
}

export async function countUnassigned(db: Database, day: string, search: string | undefined): Promise<number> {
  const [row] = await db.select({ count: count() }).from(packages).where(unassignedCondition(day, search));
  return Number(row?.count ?? 0);
}

/**
 * The stops of these packages on these days, each with its run's driver: one probe of
 * `run_stops_package_id_day_key` a package and day. A plain read: nothing is locked, so checking whose
 * stop a package is never waits for, nor holds up, a change to the runs.
 */
export async function findStopsOfPackages(
  db: Database,
  packageIds: string[],
  days: string[],
): Promise<{ packageId: string; day: string; runId: string; driverId: string }[]> {
  if (packageIds.length === 0 || days.length === 0) return [];
  return db
    .select({ packageId: runStops.packageId, day: runStops.day, runId: runs.id, driverId: runs.driverId })
    .from(runStops)
    .innerJoin(runs, eq(runs.id, runStops.runId))
    .where(and(inArray(runStops.packageId, packageIds), inArray(runStops.day, days)));
}

/**
 * The failed delivery attempts of these packages from `since` on (the location updates a driver's
 * attempt added), latest first.
 */
export async function findAttemptsSince(
  db: Database,
  packageIds: string[],
  since: Date,
): Promise<{ packageId: string; at: Date; reason: string }[]> {
  if (packageIds.length === 0) return [];
  const rows = await db
    .select({
      packageId: locationUpdates.packageId,
      at: locationUpdates.timestamp,
      reason: locationUpdates.attemptReason,
    })
    .from(locationUpdates)
    .where(
      and(
        inArray(locationUpdates.packageId, packageIds),
        isNotNull(locationUpdates.attemptReason),
        sql`${locationUpdates.timestamp} >= ${since}`,
      ),
    )
    .orderBy(desc(locationUpdates.timestamp));
  return rows.map((row) => ({ packageId: row.packageId, at: row.at, reason: row.reason ?? '' }));
}
