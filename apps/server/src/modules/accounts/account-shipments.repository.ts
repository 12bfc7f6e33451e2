// An account's own packages: every query here is bounded by the account, so another account's
// package is not found, exactly like one that does not exist.
import { and, asc, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locationUpdates, packages } from '../../db/schema/index.ts';

export type ShipmentRow = typeof packages.$inferSelect;

export interface ShipmentFilter {
  status?: string;
  /** Lower-cased, matched anywhere in the code, names, e-mails and phones. */
  q?: string;
  createdFrom?: Date;
  createdTo?: Date;
}

/** `%`, `_` and `\` typed in a search are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function whereOf(accountId: string, filter: ShipmentFilter): SQL | undefined {
  return and(
    eq(packages.accountId, accountId),
    filter.status ? eq(packages.status, filter.status) : undefined,
    filter.q ? sql`${packages.searchText} like ${likePattern(filter.q.toLowerCase())}` : undefined,
    filter.createdFrom ? gte(packages.createdAt, filter.createdFrom) : undefined,
    filter.createdTo ? lte(packages.createdAt, filter.createdTo) : undefined,
  );
}

export async function findShipmentPage(
  db: Database,
  accountId: string,
  filter: ShipmentFilter,
  window: { limit: number; offset: number },
): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(packages)
    .where(whereOf(accountId, filter))
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countShipments(db: Database, accountId: string, filter: ShipmentFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(packages).where(whereOf(accountId, filter));
  return row?.count ?? 0;
}

/** Newest first, strictly after `after` (the last row of the page before): a keyset page, however deep. */
export async function findShipmentsAfter(
  db: Database,
  accountId: string,
  filter: ShipmentFilter,
  after: { createdAt: Date; id: string } | undefined,
  limit: number,
): Promise<ShipmentRow[]> {
  const beyond = after
    ? or(
        lt(packages.createdAt, after.createdAt),
        and(eq(packages.createdAt, after.createdAt), lt(packages.id, after.id)),
      )
    : undefined;
  return db
    .select()
    .from(packages)
    .where(and(whereOf(accountId, filter), beyond))
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(limit);
}

export async function findShipment(db: Database, accountId: string, code: string): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.accountId, accountId), eq(packages.trackingCode, code)))
    .limit(1);
  return row;
}

export async function findLocationUpdatesOf(db: Database, packageId: string) {
  return db
    .select({ location: locationUpdates.location, timestamp: locationUpdates.timestamp })
    .from(locationUpdates)
    .where(inArray(locationUpdates.packageId, [packageId]))
    .orderBy(asc(locationUpdates.timestamp), asc(locationUpdates.id));
}
