// Rating the delivery (docs/decisions/0051): after Delivered, once a package, for RATING_DAYS days, by
// its recipient or sender proven by the tracking page's phone check or by the delivery e-mail's link;
// read by the operators in the package's details and on the Feedback page.
import {
  ALREADY_RATED,
  addDays,
  canRate,
  DELIVERED_STATUS,
  type FeedbackWeek,
  localDay,
  mondayOf,
  NOT_ON_A_RUN,
  PACKAGE_NOT_FOUND,
  type PackageCheckRole,
  type PackageRating,
  RATING_CHECK_REQUIRED,
  RATING_DAYS,
  RATING_LINK_INVALID,
  RATING_LINK_OTHER_PACKAGE,
  type Rating,
  type RatingStatus,
  ratingClosed,
  type ratingInputSchema,
  ratingNotYet,
  ratingUntil,
} from '@waybill/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { hashToken, isTokenShape, newToken } from '../../plugins/subscription-keys/keys.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { packageTarget } from '../packages/change-records.ts';
import { findPackageRow, findPackageRowByCode } from '../packages/package-reads.service.ts';
import { findStopsOfPackages, stopKey } from '../runs/runs.service.ts';
import * as repository from './ratings.repository.ts';

const ratingOf = (row: repository.RatingRow): Rating => ({
  stars: row.stars,
  comment: row.comment,
  ratedAt: row.ratedAt.toISOString(),
});

const packageRatingOf = (row: repository.RatingRow, driverName: string | null): PackageRating => ({
  ...ratingOf(row),
  by: row.ratedBy as PackageRating['by'],
  how: row.ratedHow as PackageRating['how'],
  driverName,
});

async function requirePackage(db: Database, trackingCode: string) {
  const pkg = await findPackageRowByCode(db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return pkg;
}

type PackageRow = NonNullable<Awaited<ReturnType<typeof findPackageRowByCode>>>;

/** When a delivered package was delivered; null for one that is not Delivered. */
const deliveredAtOf = async (db: Database, pkg: PackageRow) =>
  pkg.status === DELIVERED_STATUS ? repository.findDeliveredAt(db, pkg) : null;

/** GET /api/track/{code}/rating: whether the form is offered, the rating given, the window's end. */
export async function getRatingStatus(db: Database, trackingCode: string, now = new Date()): Promise<RatingStatus> {
  const pkg = await requirePackage(db, trackingCode);
  const [deliveredAt, row] = [await deliveredAtOf(db, pkg), await repository.findRating(db, pkg.id)];
  return {
    canRate: !row && canRate(pkg.status, deliveredAt, now),
    rating: row ? ratingOf(row) : null,
    until: deliveredAt ? ratingUntil(deliveredAt).toISOString() : null,
  };
}

/** Who may rate: a visitor checked for this package, or the bearer of one of its e-mail's links. */
export interface RatingProof {
  check?: { role: PackageCheckRole };
  token?: string;
}

/**
 * Stores the package's one rating: refused without a check or a working link (401; 403 for another
 * package's link), before delivery, past the window, or when it was rated (409). Every link of the
 * package dies with it. Audited with its stars, never its comment.
 */
export async function ratePackage(
  db: Database,
  actor: AuditActor,
  trackingCode: string,
  proof: RatingProof,
  input: z.output<typeof ratingInputSchema>,
  now = new Date(),
): Promise<Rating> {
  if (!proof.check && !proof.token) throw new AppError(401, RATING_CHECK_REQUIRED);
  return db.transaction(async (tx) => {
    const pkg = await requirePackage(tx, trackingCode);
    let by: PackageCheckRole;
    let how: 'check' | 'link';
    if (proof.check) {
      by = proof.check.role;
      how = 'check';
    } else {
      const token = proof.token!;
      const link = isTokenShape(token) ? await repository.findLinkByHash(tx, hashToken(token)) : undefined;
      if (!link) throw new AppError(401, RATING_LINK_INVALID);
      if (link.packageId !== pkg.id) throw new AppError(403, RATING_LINK_OTHER_PACKAGE);
      by = link.party as PackageCheckRole;
      how = 'link';
    }
    if (pkg.status !== DELIVERED_STATUS) throw conflict(ratingNotYet(pkg.status));
    if (await repository.findRating(tx, pkg.id)) throw conflict(ALREADY_RATED);
    const deliveredAt = await repository.findDeliveredAt(tx, pkg);
    if (!canRate(pkg.status, deliveredAt, now)) throw conflict(ratingClosed(RATING_DAYS));
    const day = localDay(deliveredAt);
    const stop = (await findStopsOfPackages(tx, [pkg.id], [day])).get(stopKey(pkg.id, day));
    const row = await repository.insertRating(tx, {
      packageId: pkg.id,
      stars: input.stars,
      comment: input.comment,
      ratedBy: by,
      ratedHow: how,
      driverId: stop?.driverId ?? null,
      ratedAt: now,
    });
    // Rated at the same moment by another request: that one counts.
    if (!row) throw conflict(ALREADY_RATED);
    await repository.deleteLinksOf(tx, pkg.id);
    await recordAudit(tx, {
      actor,
      action: 'package.rated',
      target: packageTarget(pkg.trackingCode),
      after: { stars: input.stars, by, how },
    });
    return ratingOf(row);
  });
}

/**
 * A new single-use rating link's token for the delivery e-mail to `party`, made as the e-mail is
 * written and kept only as its hash (replacing the party's earlier one); none once the package was
 * rated, or can no longer be.
 */
export async function issueRatingLink(
  db: Database,
  packageId: string,
  party: PackageCheckRole,
  now = new Date(),
): Promise<string | undefined> {
  const pkg = await findPackageRow(db, packageId);
  const deliveredAt = pkg && (await deliveredAtOf(db, pkg));
  if (!pkg || !canRate(pkg.status, deliveredAt ?? null, now)) return undefined;
  if (await repository.findRating(db, pkg.id)) return undefined;
  const token = newToken();
  await repository.upsertLink(db, {
    packageId,
    party,
    tokenHash: hashToken(token),
    expiresAt: ratingUntil(deliveredAt!),
  });
  return token;
}

/** GET /api/admin/packages/{code}/rating. */
export async function getPackageRating(db: Database, trackingCode: string): Promise<{ rating: PackageRating | null }> {
  const pkg = await requirePackage(db, trackingCode);
  const found = await repository.findRatingWithDriver(db, pkg.id);
  return { rating: found ? packageRatingOf(found.rating, found.driverName) : null };
}

/** The most ratings one week's page lists (its count and averages take them all). */
export const FEEDBACK_LISTED = 500;

/** Midnight starting a calendar day in the server's time zone (docs/decisions/0040). */
const startOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
};
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** GET /api/admin/feedback: the week of `monday` (this week by default). */
export async function getFeedbackWeek(db: Database, monday?: string, now = new Date()): Promise<FeedbackWeek> {
  const week = monday ?? mondayOf(localDay(now));
  const from = startOf(week);
  const to = startOf(addDays(week, 7));
  const [drivers, rows] = [
    await repository.countRatingsByDriver(db, from, to),
    await repository.findRatingsBetween(db, from, to, FEEDBACK_LISTED),
  ];
  const total = drivers.reduce((sum, driver) => sum + driver.count, 0);
  const starsTotal = drivers.reduce((sum, driver) => sum + driver.average * driver.count, 0);
  return {
    week,
    previousWeek: addDays(week, -7),
    nextWeek: addDays(week, 7),
    count: total,
    average: total === 0 ? null : oneDecimal(starsTotal / total),
    drivers: drivers
      .map((driver) => ({
        driverId: driver.driverId,
        name: driver.driverId ? (driver.name ?? '') : NOT_ON_A_RUN,
        count: driver.count,
        average: oneDecimal(driver.average),
      }))
      // The drivers by name, "Not on a run" last.
      .sort((a, b) => Number(a.driverId === null) - Number(b.driverId === null) || a.name.localeCompare(b.name)),
    ratings: rows.map((row) => ({ ...packageRatingOf(row.rating, row.driverName), trackingCode: row.trackingCode })),
  };
}
