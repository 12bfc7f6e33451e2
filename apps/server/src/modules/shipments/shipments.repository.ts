import { PENDING_STATUS, SETTLED_STATUSES } from '@waybill/domain';
import { and, asc, count, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  locationUpdates,
  packageStatusCounts,
  shipmentImages,
  shipments,
  trackingSubscriptions,
} from '../../db/schema/index.ts';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;
export type ShipmentImageRow = typeof shipmentImages.$inferSelect;
export type NewShipmentImageRow = typeof shipmentImages.$inferInsert;
export type LocationUpdateRow = typeof locationUpdates.$inferSelect;

export interface ShipmentFilter {
  /** Lower-cased text to find inside the tracking code, names, e-mails or phones. */
  search?: string;
  /** The search is a whole tracking code or e-mail address that some package has: only those packages. */
  exact?: boolean;
  status?: string;
  /** Only the packages that need attention: the rules' instants (attentionCutoffs of the domain). */
  attention?: { pendingBefore: Date; staleBefore: Date; lateBefore: Date };
}

// Written as literals, not parameters: the planner proves from them that the filter implies the
// predicate of shipments_open_created_at_id_idx (not Delivered or Rejected) and reads only that index.
const literals = (statuses: readonly string[]) =>
  sql.raw(statuses.map((status) => `'${status.replaceAll("'", "''")}'`).join(', '));
const SETTLED = literals(SETTLED_STATUSES);
const PENDING_OR_SETTLED = literals([PENDING_STATUS, ...SETTLED_STATUSES]);

/** attentionReasons of the domain as one condition (the packages' own clock fields against the cutoffs). */
function attentionCondition(cutoffs: NonNullable<ShipmentFilter['attention']>): SQL {
  return or(
    and(eq(shipments.status, PENDING_STATUS), lt(shipments.createdAt, cutoffs.pendingBefore)),
    and(sql`${shipments.status} not in (${PENDING_OR_SETTLED})`, lt(shipments.updatedAt, cutoffs.staleBefore)),
    and(sql`${shipments.status} not in (${SETTLED})`, lt(shipments.estimatedDelivery, cutoffs.lateBefore)),
  )!;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The package with this code, or whose shipper or receiver has this address (each an index lookup). */
function exactCondition(search: string): SQL {
  return or(
    eq(shipments.trackingCode, search.toUpperCase()),
    sql`lower(${shipments.email}) = ${search}`,
    sql`lower(${shipments.receiverEmail}) = ${search}`,
  )!;
}

export function filterCondition(filter: ShipmentFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) {
    conditions.push(
      filter.exact
        ? exactCondition(filter.search)
        : sql`${shipments.searchText} like ${`%${escapeLike(filter.search)}%`}`,
    );
  }
  if (filter.status) conditions.push(eq(shipments.status, filter.status));
  if (filter.attention) conditions.push(attentionCondition(filter.attention));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Whether some package has exactly this (lower-cased) tracking code or shipper or receiver e-mail. */
export async function hasExactMatch(db: Database, search: string): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(shipments).where(exactCondition(search)).limit(1);
  return rows.length > 0;
}

export async function insertShipment(db: Database, values: NewShipmentRow): Promise<ShipmentRow> {
  const [row] = await db.insert(shipments).values(values).returning();
  return row!;
}

export async function insertShipmentImages(db: Database, rows: NewShipmentImageRow[]): Promise<ShipmentImageRow[]> {
  if (rows.length === 0) return [];
  return db.insert(shipmentImages).values(rows).returning();
}

export async function findShipmentByCode(db: Database, trackingCode: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.trackingCode, trackingCode)).limit(1);
  return row;
}

export async function findShipmentById(db: Database, id: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row;
}

/**
 * What a run shows of a package. The only place the runs read the receiver's columns: a rename of
 * those columns changes these two lines.
 */
const runPackageColumns = {
  id: shipments.id,
  trackingCode: shipments.trackingCode,
  status: shipments.status,
  destination: shipments.destination,
  receiverName: shipments.receiverName,
  receiverPhone: shipments.receiverPhone,
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
  const condition = 'ids' in by ? inArray(shipments.id, by.ids) : inArray(shipments.trackingCode, by.trackingCodes);
  if (('ids' in by ? by.ids : by.trackingCodes).length === 0) return [];
  return db.select(runPackageColumns).from(shipments).where(condition);
}

/**
 * How many addresses confirmed the package's e-mail updates: what the console shows of them (operators
 * see the number, never a stranger's address). Read here rather than through the subscriptions module,
 * which depends on mail, which reads packages: a module circle.
 */
export async function countConfirmedSubscribers(db: Database, shipmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.shipmentId, shipmentId), eq(trackingSubscriptions.status, 'confirmed')));
  return row?.n ?? 0;
}

export interface ShipmentOrder {
  by: 'created' | 'updated';
  direction: 'desc' | 'asc';
}

/** Newest created first unless told otherwise; ties broken by id so pages never overlap. */
export async function findShipmentsPage(
  db: Database,
  filter: ShipmentFilter,
  page: { limit: number; offset: number },
  order: ShipmentOrder = { by: 'created', direction: 'desc' },
): Promise<ShipmentRow[]> {
  const column = order.by === 'updated' ? shipments.updatedAt : shipments.createdAt;
  const direction = order.direction === 'asc' ? asc : desc;
  return db
    .select()
    .from(shipments)
    .where(filterCondition(filter))
    .orderBy(direction(column), direction(shipments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countShipments(db: Database, filter: ShipmentFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(shipments).where(filterCondition(filter));
  return row?.count ?? 0;
}

/**
 * How many packages there are, in all or with one exact status, from the counters the database keeps
 * per status (triggers of migration 0009, in the transaction of every insert, delete and status
 * change): one small read however many packages there are, where count(*) reads them all.
 */
export async function countShipmentsFromCounters(db: Database, status?: string): Promise<number> {
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
export async function countShipmentsUpTo(
  db: Database,
  filter: ShipmentFilter,
  cap: number,
): Promise<{ count: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1` })
    .from(shipments)
    .where(filterCondition(filter))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matching);
  const count = row?.count ?? 0;
  return count > cap ? { count: cap, capped: true } : { count, capped: false };
}

/** The counters of the statuses some package has (a status whose last package left keeps a 0 row). */
export async function countShipmentsByStatus(db: Database): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .select({ status: packageStatusCounts.status, count: sql<string>`${packageStatusCounts.count}::text` })
    .from(packageStatusCounts)
    .where(sql`${packageStatusCounts.count} > 0`);
  return rows.map(({ status, count }) => ({ status, count: Number(count) }));
}

export async function findImagesOf(db: Database, shipmentIds: string[]): Promise<ShipmentImageRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select()
    .from(shipmentImages)
    .where(inArray(shipmentImages.shipmentId, shipmentIds))
    .orderBy(asc(shipmentImages.position));
}

export async function findLocationUpdatesOf(db: Database, shipmentIds: string[]): Promise<LocationUpdateRow[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .select()
    .from(locationUpdates)
    .where(inArray(locationUpdates.shipmentId, shipmentIds))
    .orderBy(asc(locationUpdates.timestamp), asc(locationUpdates.id));
}

/**
 * Sets the status (and optionally the estimated delivery) of a package, only when its current status
 * passes `when`: one statement, so two operators cannot both accept the same package.
 */
export async function updateShipmentStatus(
  db: Database,
  trackingCode: string,
  changes: { status: string; estimatedDelivery?: Date },
  when: { statusIs?: string; statusIsNot?: string },
): Promise<ShipmentRow | undefined> {
  const conditions = [eq(shipments.trackingCode, trackingCode)];
  if (when.statusIs !== undefined) conditions.push(eq(shipments.status, when.statusIs));
  if (when.statusIsNot !== undefined) conditions.push(ne(shipments.status, when.statusIsNot));
  const [row] = await db
    .update(shipments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return row;
}

export async function touchShipment(db: Database, shipmentId: string): Promise<void> {
  await db.update(shipments).set({ updatedAt: new Date() }).where(eq(shipments.id, shipmentId));
}

export async function insertLocationUpdate(
  db: Database,
  values: { shipmentId: string; location: string; timestamp: Date },
): Promise<LocationUpdateRow> {
  const [row] = await db.insert(locationUpdates).values(values).returning();
  return row!;
}

/** Deletes one update with exactly that timestamp; undefined when there is none. */
export async function deleteLocationUpdate(
  db: Database,
  shipmentId: string,
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
          .where(and(eq(locationUpdates.shipmentId, shipmentId), eq(locationUpdates.timestamp, timestamp)))
          .limit(1),
      ),
    )
    .returning({ location: locationUpdates.location, timestamp: locationUpdates.timestamp });
  return rows[0];
}

/** Deletes a package; its images and location updates go with it (foreign keys cascade). */
export async function deleteShipment(db: Database, shipmentId: string): Promise<void> {
  await db.delete(shipments).where(eq(shipments.id, shipmentId));
}

/** Every storage key a package image row names (display and thumbnail): what the orphan sweep keeps. */
export async function findStoredImageKeys(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ storageKey: shipmentImages.storageKey, thumbnailKey: shipmentImages.thumbnailKey })
    .from(shipmentImages);
  return new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey]));
}
