import { PENDING_STATUS, SETTLED_STATUSES } from '@waybill/domain';
import { and, asc, count, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  deliveryPreferences,
  locationUpdates,
  packageImages,
  packageStatusCounts,
  packages,
  trackingSubscriptions,
} from '../../db/schema/index.ts';

export type PackageRow = typeof packages.$inferSelect;
export type NewPackageRow = typeof packages.$inferInsert;
export type PackageImageRow = typeof packageImages.$inferSelect;
export type NewPackageImageRow = typeof packageImages.$inferInsert;
export type LocationUpdateRow = typeof locationUpdates.$inferSelect;

export interface PackageFilter {
  /** Lower-cased text to find inside the tracking code, names, e-mails or phones. */
  search?: string;
  /** The search is a whole tracking code or e-mail address that some package has: only those packages. */
  exact?: boolean;
  status?: string;
  /** Only the packages that need attention: the rules' instants (attentionCutoffs of the domain). */
  attention?: { pendingBefore: Date; staleBefore: Date; lateBefore: Date };
}

// Written as literals, not parameters: the planner proves from them that the filter implies the
// predicate of packages_open_created_at_id_idx (not Delivered or Rejected) and reads only that index.
const literals = (statuses: readonly string[]) =>
  sql.raw(statuses.map((status) => `'${status.replaceAll("'", "''")}'`).join(', '));
const SETTLED = literals(SETTLED_STATUSES);
const PENDING_OR_SETTLED = literals([PENDING_STATUS, ...SETTLED_STATUSES]);

/** attentionReasons of the domain as one condition (the packages' own clock fields against the cutoffs). */
function attentionCondition(cutoffs: NonNullable<PackageFilter['attention']>): SQL {
  return or(
    and(eq(packages.status, PENDING_STATUS), lt(packages.createdAt, cutoffs.pendingBefore)),
    and(sql`${packages.status} not in (${PENDING_OR_SETTLED})`, lt(packages.updatedAt, cutoffs.staleBefore)),
    and(sql`${packages.status} not in (${SETTLED})`, lt(packages.estimatedDelivery, cutoffs.lateBefore)),
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The package with this code, or whose shipper or receiver has this address (each an index lookup). */
function exactCondition(search: string): SQL {
  return or(
    eq(packages.trackingCode, search.toUpperCase()),
    sql`lower(${packages.email}) = ${search}`,
    sql`lower(${packages.receiverEmail}) = ${search}`,
  )!;
}

export function filterCondition(filter: PackageFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    conditions.push(
      filter.exact
        ? exactCondition(filter.search)
        : sql`${packages.searchText} like ${`%${escapeLike(filter.search)}%`}`,
    );
  }
  if (filter.status) conditions.push(eq(packages.status, filter.status));
  if (filter.attention) conditions.push(attentionCondition(filter.attention));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Whether some package has exactly this (lower-cased) tracking code or shipper or receiver e-mail. */
export async function hasExactMatch(db: Database, search: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(packages).where(exactCondition(search)).limit(1);
  return rows.length > 0;
}

export async function insertPackage(db: Database, values: NewPackageRow): Promise<PackageRow> {
  const [row] = await db.insert(packages).values(values).returning();
  return row!;
}

/** Many packages in one statement (a business account's spreadsheet). */
export async function insertPackages(db: Database, values: NewPackageRow[]): Promise<PackageRow[]> {
  if (values.length === 0) return [];
  return db.insert(packages).values(values).returning();
}

export async function insertPackageImages(db: Database, rows: NewPackageImageRow[]): Promise<PackageImageRow[]> {
  if (rows.length === 0) return [];
  return db.insert(packageImages).values(rows).returning();
}

export async function findPackageByCode(db: Database, trackingCode: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.trackingCode, trackingCode)).limit(1);
  return row;
}

export async function findPackageById(db: Database, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id)).limit(1);
  return row;
}

/**
 * What a run shows of a package. The only place the runs read the receiver's columns: a rename of
 * those columns changes these two lines.
 */
const runPackageColumns = {
  id: packages.id,
  trackingCode: packages.trackingCode,
  status: packages.status,
  destination: packages.destination,
  receiverName: packages.receiverName,
  receiverPhone: packages.receiverPhone,
};

export interface RunPackageRow {
  id: string;
  trackingCode: string;
  status: string;
  destination: string;
  receiverName: string;
  receiverPhone: string;
}

/** The packages with these ids or these tracking codes, as a run shows them, in no particular order. */
export async function findRunPackages(
  db: Database,
  by: { ids: string[] } | { trackingCodes: string[] },
): Promise<RunPackageRow[]> {
  const condition = 'ids' in by ? inArray(packages.id, by.ids) : inArray(packages.trackingCode, by.trackingCodes);
  if (('ids' in by ? by.ids : by.trackingCodes).length === 0) return [];
  return db.select(runPackageColumns).from(packages).where(condition);
}

/** The descriptions of the packages with these tracking codes, for a run sheet; an unknown code is absent. */
export async function findDescriptionsByCodes(
  db: Database,
  trackingCodes: string[],
): Promise<{ trackingCode: string; description: string }[]> {
  if (trackingCodes.length === 0) return [];
  return db
    .select({ trackingCode: packages.trackingCode, description: packages.description })
    .from(packages)
    .where(inArray(packages.trackingCode, trackingCodes));
}

/**
 * How many addresses confirmed the package's e-mail updates: what the console shows of them (operators
 * see the number, never a stranger's address). Read here rather than through the subscriptions module,
 * which depends on mail, which reads packages: a module circle.
 */
export async function countConfirmedSubscribers(db: Database, packageId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.packageId, packageId), eq(trackingSubscriptions.status, 'confirmed')));
  return row?.n ?? 0;
}

export interface PackageOrder {
  by: 'created' | 'updated';
  direction: 'desc' | 'asc';
}

/** Newest created first unless told otherwise; ties broken by id so pages never overlap. */
export async function findPackagesPage(
  db: Database,
  filter: PackageFilter,
  page: { limit: number; offset: number },
  order: PackageOrder = { by: 'created', direction: 'desc' },
): Promise<PackageRow[]> {
  const column = order.by === 'updated' ? packages.updatedAt : packages.createdAt;
  const direction = order.direction === 'asc' ? asc : desc;
  return db
    .select()
    .from(packages)
    .where(filterCondition(filter))
    .orderBy(direction(column), direction(packages.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPackages(db: Database, filter: PackageFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(packages).where(filterCondition(filter));
  return row?.count ?? 0;
}

/**
 * How many packages there are, in all or with one exact status, from the counters the database keeps
 * per status (triggers of migration 0009, in the transaction of every insert, delete and status
 * change): one small read however many packages there are, where count(*) reads them all.
 */
export async function countPackagesFromCounters(db: Database, status?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`coalesce(sum(${packageStatusCounts.count}), 0)::text` })
    .from(packageStatusCounts)
    .where(status === undefined ? undefined : eq(packageStatusCounts.status, status));
  return Number(row?.count ?? 0);
}

/**
 * Counts the packages a filter matches, reading at most `cap + 1` of them: `capped` when there are more
 * than `cap` (then `count` is `cap`), so the cost of a broad search stays that of `cap` rows.
 */
export async function countPackagesUpTo(
  db: Database,
  filter: PackageFilter,
  cap: number,
): Promise<{ count: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(packages)
    .where(filterCondition(filter))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  const count = row?.count ?? 0;
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

/** The counters of the statuses some package has (a status whose last package left keeps a 0 row). */
export async function countPackagesByStatus(db: Database): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .select({ status: packageStatusCounts.status, count: sql<string>`${packageStatusCounts.count}::text` })
    .from(packageStatusCounts)
    .where(sql`${packageStatusCounts.count} > 0`);
  return rows.map(({ status, count }) => ({ status, count: Number(count) }));
}

export async function findImagesOf(db: Database, packageIds: string[]): Promise<PackageImageRow[]> {
  if (packageIds.length === 0) return [];
  return db
    .select()
    .from(packageImages)
    .where(inArray(packageImages.packageId, packageIds))
    .orderBy(asc(packageImages.position));
}

export async function findLocationUpdatesOf(db: Database, packageIds: string[]): Promise<LocationUpdateRow[]> {
  if (packageIds.length === 0) return [];
  return db
    .select()
    .from(locationUpdates)
    .where(inArray(locationUpdates.packageId, packageIds))
    .orderBy(asc(locationUpdates.timestamp), asc(locationUpdates.id));
}

/**
 * Sets the status (and optionally the estimated delivery) of a package, only when its current status
 * passes `when`: one statement, so two operators cannot both accept the same package.
 */
export async function updatePackageStatus(
  db: Database,
  trackingCode: string,
  changes: { status: string; estimatedDelivery?: Date },
  when: { statusIs?: string; statusIsNot?: string },
): Promise<PackageRow | undefined> {
  const conditions = [eq(packages.trackingCode, trackingCode)];
  if (when.statusIs !== undefined) conditions.push(eq(packages.status, when.statusIs));
  if (when.statusIsNot !== undefined) conditions.push(ne(packages.status, when.statusIsNot));
  const [row] = await db
    .update(packages)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return row;
}

/** The delivery choices of these packages (the stops of a run show them). */
export async function findDeliveryPreferenceRows(db: Database, packageIds: string[]) {
  return db.select().from(deliveryPreferences).where(inArray(deliveryPreferences.packageId, packageIds));
}

/** Sets a package's estimated delivery (another delivery day, record 50), whatever its status. */
export async function updateEstimatedDelivery(db: Database, packageId: string, estimatedDelivery: Date | null) {
  const [row] = await db
    .update(packages)
    .set({ estimatedDelivery, updatedAt: new Date() })
    .where(eq(packages.id, packageId))
    .returning();
  return row;
}

export async function touchPackage(db: Database, packageId: string): Promise<void> {
  await db.update(packages).set({ updatedAt: new Date() }).where(eq(packages.id, packageId));
}

export async function insertLocationUpdate(
  db: Database,
  values: { packageId: string; location: string; timestamp: Date; attemptReason?: string | null },
): Promise<LocationUpdateRow> {
  const [row] = await db.insert(locationUpdates).values(values).returning();
  return row!;
}

/** Deletes one update with exactly that timestamp; undefined when there is none. */
export async function deleteLocationUpdate(
  db: Database,
  packageId: string,
  timestamp: Date,
): Promise<Pick<LocationUpdateRow, 'location' | 'timestamp'> | undefined> {
  const rows = await db
    .delete(locationUpdates)
    .where(
      eq(
        locationUpdates.id,
        db
          .select({ id: locationUpdates.id })
          .from(locationUpdates)
          .where(and(eq(locationUpdates.packageId, packageId), eq(locationUpdates.timestamp, timestamp)))
          .limit(1),
      ),
    )
    .returning({ location: locationUpdates.location, timestamp: locationUpdates.timestamp });
  return rows[0];
}

/** Deletes a package; its images and location updates go with it (foreign keys cascade). */
export async function deletePackage(db: Database, packageId: string): Promise<void> {
  await db.delete(packages).where(eq(packages.id, packageId));
}

/** Every storage key a package image row names (display and thumbnail): what the orphan sweep keeps. */
export async function findStoredImageKeys(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ storageKey: packageImages.storageKey, thumbnailKey: packageImages.thumbnailKey })
    .from(packageImages);
  return new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey]));
}
