import {
  attentionCutoffs,
  attentionReasons,
  normalizeTrackingCode,
  PACKAGE_NOT_FOUND,
  type PackageAnswer,
  type packageListQuerySchema,
  TRACKING_CODE_ALPHABET,
  TRACKING_CODE_LENGTH,
} from '@waybill/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { pageWindow } from '../../db/paging.ts';
import { getAttentionRules } from '../attention/attention.service.ts';
import { packageHistory as historyOfTarget } from '../audit/audit.service.ts';
import * as repository from './packages.repository.ts';
import { type PackageDeps, requirePackage, viewOf, viewsOf } from './packages.service.ts';

// What is read of packages: the console's list, search and counts, one package's details and history,
// and what other modules read of a package (its row, its photos).

export type { PackageImageRow } from './packages.repository.ts';

/** The package with this id as stored, for those who hear of it by its events. */
export async function findPackageRow(db: Database, id: string): Promise<repository.PackageRow | undefined> {
  return repository.findPackageById(db, id);
}

/** The package with this tracking code (already normalised) as stored; undefined when none has it. */
export async function findPackageRowByCode(
  db: Database,
  trackingCode: string,
): Promise<repository.PackageRow | undefined> {
  return repository.findPackageByCode(db, trackingCode);
}

/**
 * The first `count` photos of the package with this code (as typed: trimmed and upper-cased here), in
 * their order; none for a blank or unknown code.
 */
export async function findPackageImages(db: Database, trackingCode: string, count: number) {
  const code = normalizeTrackingCode(trackingCode);
  if (code === '') return [];
  const pkg = await repository.findPackageByCode(db, code);
  if (!pkg) return [];
  return (await repository.findImagesOf(db, [pkg.id])).slice(0, count);
}

/** What was done to a package, newest first; kept after it was deleted; a code never seen is a 404. */
export async function packageHistory(db: Database, trackingCode: string) {
  return historyOfTarget(
    db,
    trackingCode,
    async (tx, code) => (await repository.findPackageByCode(tx, code)) !== undefined,
    PACKAGE_NOT_FOUND,
  );
}

/**
 * A search's total is counted up to here: what an operator reads as "200+ packages" (eight full pages
 * and more), at the cost of reading 201 matches however many there are (an exact count of a common
 * surname grew with the table). The rows read to find them depend on how dense the matches are: a
 * surname a fifth of all packages carry read 5,001 rows for a cap of 1,000 (3 ms on PostgreSQL, 9 ms
 * on PGlite through HTTP), 1.65 and 1.89 times the whole answer at 100 packages; about 1,000 rows now.
 */
export const SEARCH_COUNT_CAP = 200;

/**
 * The total of a list: from the per-status counters when the list is all packages or one status, up to
 * SEARCH_COUNT_CAP for a search or the Needs attention list (which, on a neglected day, can hold most
 * open packages), exactly (count(*)) for any other filter.
 */
async function countListed(db: Database, filter: repository.PackageFilter) {
  const { search, status, ...other } = filter;
  if (search || filter.attention) {
    const { count, capped } = await repository.countPackagesUpTo(db, filter, SEARCH_COUNT_CAP);
    return { total: count, capped };
  }
  if (Object.values(other).every((value) => value === undefined)) {
    return { total: await repository.countPackagesFromCounters(db, status), capped: false };
  }
  return { total: await repository.countPackages(db, filter), capped: false };
}

/**
 * Whether a search could be a whole tracking code or e-mail address. One that some package has lists
 * just those packages, found by equality in an index; a trigram lookup of it (the contains search that
 * any other text gets) reads postings that grow with the table.
 */
function couldBeExact(search: string): boolean {
  if (
    search.length === TRACKING_CODE_LENGTH &&
    [...search.toUpperCase()].every((c) => TRACKING_CODE_ALPHABET.includes(c))
  )
    return true;
  const at = search.indexOf('@');
  return at > 0 && at < search.length - 1 && !search.includes(' ');
}

/** The exact total when a page came back short and not past the end; undefined when it must be counted. */
function totalFromShortPage(window: { limit: number; offset: number }, rows: unknown[]) {
  if (rows.length >= window.limit || (rows.length === 0 && window.offset > 0)) return undefined;
  return { total: window.offset + rows.length, capped: false };
}

/**
 * One page of the console list. With `attention=1` only the packages that need attention as of `now`
 * under the saved rules, each carrying its reasons (the same rules, in the domain, on the same clock).
 */
export async function listPackages(
  deps: PackageDeps,
  query: z.output<typeof packageListQuerySchema>,
  now = new Date(),
) {
  const rules = query.attention === '1' ? await getAttentionRules(deps.db) : undefined;
  const filter: repository.PackageFilter = {
    search: query.q?.trim().toLowerCase() || undefined,
    status: query.status?.trim() || undefined,
    ...(rules ? { attention: attentionCutoffs(rules, now) } : {}),
  };
  if (filter.search && couldBeExact(filter.search))
    filter.exact = await repository.hasExactMatch(deps.db, filter.search);
  const window = pageWindow(query);
  const page = repository.findPackagesPage(deps.db, filter, window, {
    by: query.sort ?? 'created',
    direction: query.order ?? 'desc',
  });
  const [rows, { total, capped }] = await Promise.all([
    page,
    // A search's page that is not full is the end of the list: its total is known without looking the
    // text up in the index a second time (a rare e-mail or code costs that lookup, which grows with the table).
    filter.search
      ? page.then((found) => totalFromShortPage(window, found) ?? countListed(deps.db, filter))
      : countListed(deps.db, filter),
  ]);
  const items = await viewsOf(deps, rows);
  return {
    items: rules ? items.map((item) => ({ ...item, attention: attentionReasons(item, rules, now) })) : items,
    total,
    capped,
  };
}

/** From the per-status counters: as cheap at 100,000 packages as at 100. */
export async function getPackageStats(deps: PackageDeps) {
  const counts = await repository.countPackagesByStatus(deps.db);
  const byStatus: Record<string, number> = {};
  for (const { status, count } of counts) byStatus[status] = count;
  return { total: counts.reduce((sum, { count }) => sum + count, 0), byStatus };
}

/** One package's details, with the number of addresses that confirmed its e-mail updates. */
export async function getPackage(deps: PackageDeps, trackingCode: string): Promise<PackageAnswer> {
  const row = await requirePackage(deps.db, trackingCode);
  const [view, subscribers] = await Promise.all([
    viewOf(deps, row),
    repository.countConfirmedSubscribers(deps.db, row.id),
  ]);
  return { ...view, subscribers };
}
