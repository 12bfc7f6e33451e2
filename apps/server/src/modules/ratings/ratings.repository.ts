import { and, asc, avg, count, desc, eq, gte, lt, max, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  deliveryProofs,
  operators,
  packageEvents,
  packageRatingLinks,
  packageRatings,
  packages,
} from '../../db/schema/index.ts';

export type RatingRow = typeof packageRatings.$inferSelect;

/**
 * When the package was last delivered: its proof's time (the phone's, on the road), else the time of its
 * last `package.delivered` event (a status set in the console without a proof), else its last change.
 */
export async function findDeliveredAt(db: Database, pkg: { id: string; updatedAt: Date }): Promise<Date> {
  const [proof] = await db
    .select({ at: deliveryProofs.deliveredAt })
    .from(deliveryProofs)
    .where(eq(deliveryProofs.packageId, pkg.id));
  if (proof) return proof.at;
  const [event] = await db
    .select({ at: max(packageEvents.occurredAt) })
    .from(packageEvents)
    .where(and(eq(packageEvents.packageId, pkg.id), eq(packageEvents.type, 'package.delivered')));
  return event?.at ?? pkg.updatedAt;
}

export async function findRating(db: Database, packageId: string): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(packageRatings).where(eq(packageRatings.packageId, packageId));
  return row;
}

/** The rating with its driver's name (null without a driver). */
export async function findRatingWithDriver(db: Database, packageId: string) {
  const [row] = await db
    .select({ rating: packageRatings, driverName: driverName() })
    .from(packageRatings)
    .leftJoin(operators, eq(operators.id, packageRatings.driverId))
    .where(eq(packageRatings.packageId, packageId));
  return row;
}

/** Stores the rating unless the package has one; undefined when it had. */
export async function insertRating(
  db: Database,
  values: typeof packageRatings.$inferInsert,
): Promise<RatingRow | undefined> {
  const [row] = await db.insert(packageRatings).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findLinkByHash(db: Database, tokenHash: string) {
  const [row] = await db.select().from(packageRatingLinks).where(eq(packageRatingLinks.tokenHash, tokenHash));
  return row;
}

/** The party's link of the package, replacing an earlier one (a message written again makes a new token). */
export async function upsertLink(db: Database, values: typeof packageRatingLinks.$inferInsert): Promise<void> {
  await db
    .insert(packageRatingLinks)
    .values(values)
    .onConflictDoUpdate({
      target: [packageRatingLinks.packageId, packageRatingLinks.party],
      set: { tokenHash: values.tokenHash, expiresAt: values.expiresAt },
    });
}

export async function deleteLinksOf(db: Database, packageId: string): Promise<void> {
  await db.delete(packageRatingLinks).where(eq(packageRatingLinks.packageId, packageId));
}

/** The driver's name as the console shows it: the name, else the address. */
const driverName = () =>
  sql<
    string | null
  >`case when ${operators.id} is null then null else coalesce(nullif(${operators.name}, ''), ${operators.email}) end`;

const inWeek = (from: Date, to: Date) => and(gte(packageRatings.ratedAt, from), lt(packageRatings.ratedAt, to));

/**
 * The ratings given in [from, to): the 1–2 stars first, then the newest; at most `limit`. The page is
 * cut from the ratings alone (a range of rated_at) before the packages are joined, so each listed
 * rating is one probe of the packages' key: 100 000 ratings over a year, a week of 1 874, on
 * PostgreSQL: 6–20 ms, against 47–104 ms joining first (which hashed the whole packages table).
 */
export async function findRatingsBetween(db: Database, from: Date, to: Date, limit: number) {
  const lowFirst = (stars: SQLWrapper, ratedAt: SQLWrapper) => [desc(sql`${stars} <= 2`), desc(ratedAt)];
  const listed = db
    .select()
    .from(packageRatings)
    .where(inWeek(from, to))
    .orderBy(...lowFirst(packageRatings.stars, packageRatings.ratedAt), asc(packageRatings.packageId))
    .limit(limit)
    .as('listed');
  const rows = await db
    .select({
      packageId: listed.packageId,
      stars: listed.stars,
      comment: listed.comment,
      ratedBy: listed.ratedBy,
      ratedHow: listed.ratedHow,
      driverId: listed.driverId,
      ratedAt: listed.ratedAt,
      trackingCode: packages.trackingCode,
      driverName: driverName(),
    })
    .from(listed)
    .innerJoin(packages, eq(packages.id, listed.packageId))
    .leftJoin(operators, eq(operators.id, listed.driverId))
    .orderBy(...lowFirst(listed.stars, listed.ratedAt), asc(listed.packageId));
  return rows.map(({ trackingCode, driverName, ...rating }) => ({
    rating: rating as RatingRow,
    trackingCode,
    driverName,
  }));
}

/** Per driver (null: not on a run) the count and mean of the stars of [from, to). */
export async function countRatingsByDriver(db: Database, from: Date, to: Date) {
  const rows = await db
    .select({
      driverId: packageRatings.driverId,
      name: sql<string | null>`max(coalesce(nullif(${operators.name}, ''), ${operators.email}))`,
      count: count(),
      average: avg(packageRatings.stars),
    })
    .from(packageRatings)
    .leftJoin(operators, eq(operators.id, packageRatings.driverId))
    .where(inWeek(from, to))
    .groupBy(packageRatings.driverId);
  return rows.map((row) => ({ ...row, count: Number(row.count), average: Number(row.average) }));
}
