import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locationUpdates, shipments } from '../../../db/schema/index.ts';
import { filterCondition, type ShipmentFilter, type ShipmentRow } from '../shipments.repository.ts';

/** Where the previous batch of an export ended: its last row's creation time and id. */
export interface ExportCursor {
  createdAt: Date;
  id: string;
}

/**
 * The next `limit` packages of the list's order (newest first, id breaking ties) after `after`: keyset
 * paging, so each batch is an index range read however deep the export is, and no cursor or
 * transaction is held between batches (the embedded database has one connection to share).
 * `trackingCodes`: only these packages (upper-cased, as stored).
 */
export async function findShipmentsAfter(
  db: Database,
  filter: ShipmentFilter & { trackingCodes?: string[] },
  after: ExportCursor | undefined,
  limit: number,
): Promise<ShipmentRow[]> {
  // Both stored and compared at millisecond precision, so the instant read back is the one stored.
  const before = after
    ? sql`(${shipments.createdAt}, ${shipments.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(shipments)
    .where(
      and(
        filterCondition(filter),
        filter.trackingCodes ? inArray(shipments.trackingCode, filter.trackingCodes) : undefined,
        before,
      ),
    )
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit);
}

/** The newest location update of each of these packages (packages without one are absent). */
export async function findLastLocationsOf(
  db: Database,
  shipmentIds: string[],
): Promise<{ shipmentId: string; location: string; timestamp: Date }[]> {
  if (shipmentIds.length === 0) return [];
  return db
    .selectDistinctOn([locationUpdates.shipmentId], {
      shipmentId: locationUpdates.shipmentId,
      location: locationUpdates.location,
      timestamp: locationUpdates.timestamp,
    })
    .from(locationUpdates)
    .where(inArray(locationUpdates.shipmentId, shipmentIds))
    .orderBy(locationUpdates.shipmentId, desc(locationUpdates.timestamp), desc(locationUpdates.id));
}
