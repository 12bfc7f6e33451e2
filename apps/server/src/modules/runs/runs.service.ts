import {
  type CreateRunInput,
  canGoOnRun,
  DRIVER_NOT_FOUND,
  type DriverRun,
  localDay,
  PACKAGE_NOT_FOUND,
  RUN_DELETED,
  RUN_EXISTS,
  RUN_NOT_FOUND,
  RUN_STOPS_REFUSED,
  RUNS_CHANGED_MEANWHILE,
  type Run,
  type RunPackage,
  runPackagesTaken,
  runStatusRefused,
  type UpdateRunInput,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { pageWindow } from '../../db/paging.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import type { PageOf } from '../../http/paging.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';
import {
  findRunPackagesByCodes,
  findRunPackagesByIds,
  findStopPreferences,
  type RunPackageRow,
} from '../packages/run-packages.service.ts';
import { findActiveDriver, memberNames } from '../team/team.service.ts';
import * as repository from './runs.repository.ts';

/** How many refused codes a message names; `errors` names every one. */
const NAMED_IN_MESSAGE = 10;

const runTarget = (id: string) => ({ type: 'run', id }) as const;

const packageOf = (row: RunPackageRow): RunPackage => ({
  trackingCode: row.trackingCode,
  status: row.status,
  destination: row.destination,
  receiverName: row.receiverName,
  receiverPhone: row.receiverPhone,
});

/** The runs as answered: each with its driver's name and its stops in order, numbered from 1. */
async function answersOf(db: Database, rows: repository.RunRow[]): Promise<Run[]> {
  const stops = await repository.findStopsOf(
    db,
    rows.map((row) => row.id),
  );
  const packageIds = stops.map((stop) => stop.packageId);
  const [packages, names, choices] = await Promise.all([
    findRunPackagesByIds(db, packageIds),
    memberNames(
      db,
      rows.map((row) => row.driverId),
    ),
    findStopPreferences(db, packageIds),
  ]);
  const attempts = await attemptsOnRunDays(db, rows, stops);
  return rows.map((row) => ({
    id: row.id,
    driverId: row.driverId,
    driverName: names.get(row.driverId) ?? '',
    date: row.day,
    stops: stops
      .filter((stop) => stop.runId === row.id)
      .flatMap((stop) => {
        const found = packages.get(stop.packageId);
        return found ? [{ found, attempt: attempts.get(`${row.day}:${stop.packageId}`) ?? null }] : [];
      })
      .map(({ found, attempt }, index) => ({
        ...packageOf(found),
        attempt,
        position: index + 1,
        instructions: choices.get(found.id)?.instructions ?? '',
        safePlaceWords: choices.get(found.id)?.safePlaceWords ?? null,
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/**
 * Each stop's latest failed attempt on its run's day (the server's calendar), keyed `day:packageId`:
 * the driver app shows a stop attempted on another phone as done for the day.
 */
async function attemptsOnRunDays(
  db: Database,
  rows: repository.RunRow[],
  stops: repository.RunStopRow[],
): Promise<Map<string, { at: string; reason: string }>> {
  const days = new Map(rows.map((row) => [row.id, row.day]));
  const earliest = [...days.values()].sort()[0];
  const found = new Map<string, { at: string; reason: string }>();
  if (!earliest || stops.length === 0) return found;
  // A day before the earliest run's: the server's zone may be behind UTC.
  const since = new Date(Date.parse(`${earliest}T00:00:00Z`) - 24 * 60 * 60 * 1000);
  const attempts = await repository.findAttemptsSince(
    db,
    stops.map((stop) => stop.packageId),
    since,
  );
  const wanted = new Set(stops.map((stop) => `${days.get(stop.runId)}:${stop.packageId}`));
  for (const attempt of attempts) {
    const key = `${localDay(attempt.at)}:${attempt.packageId}`;
    // Latest first: the first seen of a stop's day is its latest.
    if (wanted.has(key) && !found.has(key)) found.set(key, { at: attempt.at.toISOString(), reason: attempt.reason });
  }
  return found;
}

async function answerOf(db: Database, row: repository.RunRow): Promise<Run> {
  const [run] = await answersOf(db, [row]);
  return run!;
}

async function requireRun(db: Database, id: string, lock = false): Promise<repository.RunRow> {
  const row = isUuid(id) ? await (lock ? repository.lockRun(db, id) : repository.findRunById(db, id)) : undefined;
  if (!row) throw notFound(RUN_NOT_FOUND);
  return row;
}

async function requireDriver(db: Database, driverId: string): Promise<void> {
  if (!(await findActiveDriver(db, driverId))) {
    throw badRequest(DRIVER_NOT_FOUND, { driverId: DRIVER_NOT_FOUND });
  }
}

/** PostgreSQL's deadlock_detected: it aborted this transaction to let another finish. */
function isDeadlock(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code === '40P01';
}

/**
 * Runs a change to runs in one transaction. Two changes racing for the same package or the same driver
 * and day meet at a unique index (or, in an order the locks do not fix, at PostgreSQL's deadlock
 * check); the later one is refused whole, with nothing stored.
 */
async function changeRuns<T>(db: Database, change: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(change);
  } catch (error) {
    if (isUniqueViolation(error) || isDeadlock(error)) throw conflict(RUNS_CHANGED_MEANWHILE);
    throw error;
  }
}

/** The runs of one day, oldest first. */
export async function listRuns(db: Database, day: string): Promise<Run[]> {
  return answersOf(db, await repository.findRunsOfDay(db, day));
}

export async function getRun(db: Database, id: string): Promise<Run> {
  return answerOf(db, await requireRun(db, id));
}

/** A new, empty run of an active driver; one a day per driver (409 for a second). */
export async function createRun(db: Database, actor: AuditActor, input: CreateRunInput): Promise<Run> {
  return changeRuns(db, async (tx) => {
    await requireDriver(tx, input.driverId);
    const row = await repository.insertRun(tx, { driverId: input.driverId, day: input.date });
    if (!row) throw conflict(RUN_EXISTS);
    await recordAudit(tx, {
      actor,
      action: 'run.created',
      target: runTarget(row.id),
      after: { driverId: row.driverId, date: row.day },
    });
    return answerOf(tx, row);
  });
}

/**
 * Gives a run another driver or day. Its stops follow it to the new day; a package that is on another
 * run of that day already refuses the move (409 naming it), as does a driver who has a run that day.
 */
export async function updateRun(db: Database, actor: AuditActor, id: string, input: UpdateRunInput): Promise<Run> {
  return changeRuns(db, async (tx) => {
    const before = await requireRun(tx, id, true);
    if (input.driverId !== undefined && input.driverId !== before.driverId) await requireDriver(tx, input.driverId);
    const driverId = input.driverId ?? before.driverId;
    const day = input.date ?? before.day;
    if (driverId === before.driverId && day === before.day) return answerOf(tx, before);
    const other = await repository.findRunOfDriver(tx, driverId, day);
    if (other && other.id !== id) throw conflict(RUN_EXISTS);
    if (day !== before.day) {
      const stops = await repository.findStopsOf(tx, [id]);
      const taken = await repository.findStopsElsewhere(
        tx,
        id,
        day,
        stops.map((stop) => stop.packageId),
      );
      if (taken.length > 0) {
        const packages = await findRunPackagesByIds(
          tx,
          taken.map((stop) => stop.packageId),
        );
        throw conflict(runPackagesTaken([...packages.values()].map((row) => row.trackingCode).sort()));
      }
    }
    const updated = (await repository.updateRun(tx, id, { driverId, day }))!;
    const changed = changedFields(
      { driverId: before.driverId, date: before.day },
      { driverId: updated.driverId, date: updated.day },
      ['driverId', 'date'],
    );
    await recordAudit(tx, { actor, action: 'run.updated', target: runTarget(id), ...changed });
    return answerOf(tx, updated);
  });
}

/** Deletes a run and its stops; its packages are free to go on another run. */
export async function deleteRun(db: Database, actor: AuditActor, id: string): Promise<{ message: string; id: string }> {
  return changeRuns(db, async (tx) => {
    const run = await requireRun(tx, id, true);
    const stops = await answerOf(tx, run);
    await repository.deleteRun(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'run.deleted',
      target: runTarget(id),
      before: { driverId: run.driverId, date: run.day, trackingCodes: stops.stops.map((stop) => stop.trackingCode) },
    });
    return { message: RUN_DELETED, id };
  });
}

/** A 400 naming each code that cannot be a stop: unknown, or a new stop whose status cannot go out. */
function refuseStops(trackingCodes: string[], packages: Map<string, RunPackageRow>, onRun: Set<string>): void {
  const errors: Record<string, string> = {};
  const refused: string[] = [];
  trackingCodes.forEach((code, index) => {
    const found = packages.get(code);
    if (!found) {
      errors[`trackingCodes.${index}`] = PACKAGE_NOT_FOUND;
      refused.push(`${code} (not found)`);
    } else if (!onRun.has(found.id) && !canGoOnRun(found.status)) {
      errors[`trackingCodes.${index}`] = runStatusRefused(found.status);
      refused.push(`${code} (${found.status})`);
    }
  });
  if (refused.length === 0) return;
  const named = refused.slice(0, NAMED_IN_MESSAGE).join(', ');
  const more = refused.length > NAMED_IN_MESSAGE ? ` and ${refused.length - NAMED_IN_MESSAGE} more` : '';
  throw new AppError(400, `${RUN_STOPS_REFUSED}: ${named}${more}`, errors);
}

/**
 * Sets the whole order of a run's stops. A package not on it yet must be able to go out; one on another
 * run of the same day moves here (removed from that run in this transaction); one left out of the
 * list leaves the run. A package already on the run stays whatever its status became (a stop delivered
 * meanwhile can still be reordered). Any refused code refuses the whole list: nothing is stored.
 */
export async function setRunStops(db: Database, actor: AuditActor, id: string, trackingCodes: string[]): Promise<Run> {
  return changeRuns(db, async (tx) => {
    const found = await requireRun(tx, id);
    await repository.lockRunsOfDay(tx, found.day);
    // Read again under the lock: a change of its day may have committed meanwhile.
    const run = await requireRun(tx, id);
    if (run.day !== found.day) throw conflict(RUNS_CHANGED_MEANWHILE);
    const current = await repository.findStopsOf(tx, [id]);
    const onRun = new Set(current.map((stop) => stop.packageId));
    const packages = await findRunPackagesByCodes(tx, trackingCodes);
    refuseStops(trackingCodes, packages, onRun);
    const packageIds = trackingCodes.map((code) => packages.get(code)!.id);

    const before = await answerOf(tx, run);
    const elsewhere = await repository.findStopsElsewhere(tx, id, run.day, packageIds);
    const otherRuns = [...new Set(elsewhere.map((stop) => stop.runId))].sort();
    const othersBefore = await answersOf(
      tx,
      await Promise.all(otherRuns.map(async (otherId) => (await repository.findRunById(tx, otherId))!)),
    );
    await repository.deleteStopsOfPackages(
      tx,
      run.day,
      elsewhere.map((stop) => stop.packageId),
    );
    await repository.replaceStops(tx, run, packageIds);
    await repository.touchRuns(tx, [id, ...otherRuns]);

    const codesOf = (answer: Run) => answer.stops.map((stop) => stop.trackingCode);
    for (const other of othersBefore) {
      const after = await answerOf(tx, (await repository.findRunById(tx, other.id))!);
      await recordAudit(tx, {
        actor,
        action: 'run.stops_changed',
        target: runTarget(other.id),
        before: { trackingCodes: codesOf(other) },
        after: { trackingCodes: codesOf(after), movedTo: id },
      });
    }
    const after = await answerOf(tx, (await repository.findRunById(tx, id))!);
    if (JSON.stringify(codesOf(before)) !== JSON.stringify(codesOf(after))) {
      await recordAudit(tx, {
        actor,
        action: 'run.stops_changed',
        target: runTarget(id),
        before: { trackingCodes: codesOf(before) },
        after: { trackingCodes: codesOf(after) },
      });
    }
    return after;
  });
}

/**
 * A package moved to another delivery day (record 50) leaves every run from `today` on of a day other
 * than `day`: an earlier run would take it too soon, a later one would keep a stop it should not be
 * (Dispatch offers it again on its day). Past runs keep it: they are what happened. Each run's change is
 * audited as a removal of its stop, in the caller's transaction.
 */
export async function leaveRunsForDeliveryDay(
  tx: Database,
  actor: AuditActor,
  pkg: { id: string; trackingCode: string },
  day: string,
  today: string,
): Promise<void> {
  const stops = await repository.findStopsOfPackageFrom(tx, pkg.id, today, day);
  for (const stop of stops) {
    await repository.lockRunsOfDay(tx, stop.day);
    const before = await answerOf(tx, (await repository.findRunById(tx, stop.runId))!);
    await repository.deleteStopsOfPackages(tx, stop.day, [pkg.id]);
    await repository.touchRuns(tx, [stop.runId]);
    await recordAudit(tx, {
      actor,
      action: 'run.stops_changed',
      target: runTarget(stop.runId),
      before: { trackingCodes: before.stops.map((one) => one.trackingCode) },
      after: {
        trackingCodes: before.stops.map((one) => one.trackingCode).filter((code) => code !== pkg.trackingCode),
        removed: pkg.trackingCode,
        deliveryDay: day,
      },
    });
  }
}

/** One page of the packages that can go out on `day` and are on no run of it, newest first. */
export async function listUnassigned(
  db: Database,
  query: { date: string; q?: string | undefined; page: number; pageSize: number },
): Promise<PageOf<RunPackage>> {
  // Matched like the package list's search: the lower-cased text of code, names, addresses and phones.
  const search = query.q?.toLowerCase() || undefined;
  const [ids, total] = await Promise.all([
    repository.findUnassignedIds(db, query.date, search, pageWindow(query)),
    repository.countUnassigned(db, query.date, search),
  ]);
  const packages = await findRunPackagesByIds(db, ids);
  const items = ids.flatMap((packageId) => {
    const found = packages.get(packageId);
    return found ? [packageOf(found)] : [];
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * Today's run of the signed-in driver, or `run: null` when none is planned. Today is the calendar day of
 * the server's clock in the server process's time zone (TZ): docs/decisions/0040.
 */
export async function todaysRun(db: Database, driverId: string, now = new Date()): Promise<DriverRun> {
  const date = localDay(now);
  const row = await repository.findRunOfDriver(db, driverId, date);
  return { date, run: row ? await answerOf(db, row) : null };
}

/** A stop of a package on a day, with the run's driver. */
export interface PackageStop {
  packageId: string;
  day: string;
  runId: string;
  driverId: string;
}

/**
 * Whose runs these packages are on, on these days (a driver's events check the stops are theirs), in one
 * read that locks no run: "packageId day" → the stop.
 */
export async function findStopsOfPackages(
  db: Database,
  packageIds: string[],
  days: string[],
): Promise<Map<string, PackageStop>> {
  const rows = await repository.findStopsOfPackages(db, packageIds, days);
  return new Map(rows.map((row) => [stopKey(row.packageId, row.day), row]));
}

/** The key of a package's stop on a day in findStopsOfPackages' answer. */
export const stopKey = (packageId: string, day: string) => `${packageId} ${day}`;
