import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { locationUpdates, packages } from '../../../db/schema/index.ts';
import { filterCondition, type PackageFilter, type PackageRow } from '../packages.repository.ts';

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
export async function findPackagesAfter(
  db: Database,
  filter: PackageFilter & { trackingCodes?: string[] },
  after: ExportCursor | undefined,
  limit: number,
): Promise<PackageRow[]> {
  // Both stored and compared at millisecond precision, so the instant read back is the one stored.
  const before = after
    ? sql`(${packages.createdAt}, ${packages.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(packages)
    .where(
      and(
        filterCondition(filter),
        filter.trackingCodes ? inArray(packages.trackingCode, filter.trackingCodes) : undefined,
        before,
      ),
    )
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(limit);
}

/** The newest location update of each of these packages (packages without one are absent). */
export async function findLastLocationsOf(
  db: Database,
  packageIds: string[],
): Promise<{ packageId: string; location: string; timestamp: Date }[]> {
  if (packageIds.length === 0) return [];
  return db
    .selectDistinctOn([locationUpdates.packageId], {
      packageId: locationUpdates.packageId,
      location: locationUpdates.location,
      timestamp: locationUpdates.timestamp,
    })
    .from(locationUpdates)
    .where(inArray(locationUpdates.packageId, packageIds))
    .orderBy(locationUpdates.packageId, desc(locationUpdates.timestamp), desc(locationUpdates.id));
}
