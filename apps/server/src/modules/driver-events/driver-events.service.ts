import { createHash } from 'node:crypto';
import {
  ALREADY_DELIVERED,
  CLOCK_SKEW_MS,
  canGoOnRun,
  DELIVERED_STATUS,
  type DeliverySettings,
  DRIVER_EVENT_BEFORE_RUN,
  DRIVER_EVENT_ID_INVALID,
  DRIVER_EVENT_ID_REUSED,
  DRIVER_EVENT_IN_FUTURE,
  DRIVER_EVENT_MAX_AGE_DAYS,
  type DriverEvent,
  type DriverEventPhoto,
  type DriverEventResult,
  type DriverEventWire,
  driverEventSchema,
  driverEventTooOld,
  EVENT_NOT_DELIVERED,
  FAILURE_REASON_REQUIRED,
  FAILURE_REASON_UNKNOWN,
  localDay,
  NO_DELIVERED_EVENT,
  NOT_ON_YOUR_RUN,
  NOT_YOUR_EVENT,
  NOTE_REQUIRED,
  notOnTheRoad,
  ON_NO_RUN,
  type OperatorRole,
  RECEIVED_BY_REQUIRED,
  STOP_REASSIGNED,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound, validationError } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import type { OperatorActor } from '../audit/audit.service.ts';
import {
  attachRoadProofImages,
  deliverOnTheRoad,
  lockPackageForRoad,
  type RoadChange,
  type RoadPackage,
  recordFailedAttempt,
  removeEndedProofFiles,
  sendOutForDelivery,
} from '../packages/road/road-changes.service.ts';
import type { ReceivedFile } from '../packages/submission/multipart-submission.ts';
import { findStopOfPackage } from '../runs/runs.service.ts';
import { getDeliverySettings } from './delivery-settings.service.ts';
import * as repository from './driver-events.repository.ts';

export interface DriverEventsDeps {
  db: Database;
  storage: ImageStorage;
  companyName: string;
  log: { warn(details: object, message: string): void };
}

/** Who sent the events: a driver acts on the stops of their own runs, an admin on any run's. */
export interface EventSender {
  actor: OperatorActor;
  role: OperatorRole;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const refusal = (id: string, error: AppError): DriverEventResult => ({
  id,
  status: 'refused',
  code: error.statusCode,
  message: error.message,
});

/** The event as sent, in one spelling whatever the order of its fields: what a repeat must match. */
function hashOf(wire: DriverEventWire): string {
  const fields = Object.entries(wire)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** What a repeat of an id is compared with: the first sending's body, sender and result. */
type Seen = Pick<repository.DriverEventRow, 'id' | 'driverId' | 'bodyHash' | 'result'>;

/**
 * Each event in order, each in a transaction of its own that stores it with its effect (so one refusal
 * undoes nothing else, and a stored event is an applied or refused one, never half of either). An id
 * seen before answers its first result again; with another body, or from another driver, 409.
 */
export async function receiveDriverEvents(
  deps: DriverEventsDeps,
  sender: EventSender,
  events: DriverEventWire[],
  now = new Date(),
): Promise<DriverEventResult[]> {
  const settings = await getDeliverySettings(deps.db, deps.companyName);
  const ids = events.map((wire) => wire.id.toLowerCase()).filter(isUuid);
  const seen = new Map<string, Seen>((await repository.findDriverEvents(deps.db, ids)).map((row) => [row.id, row]));
  const results: DriverEventResult[] = [];
  for (const wire of events) results.push(await receiveOne(deps, sender, settings, seen, wire, now));
  return results;
}

async function receiveOne(
  deps: DriverEventsDeps,
  sender: EventSender,
  settings: DeliverySettings,
  seen: Map<string, Seen>,
  wire: DriverEventWire,
  now: Date,
): Promise<DriverEventResult> {
  if (!isUuid(wire.id)) return refusal(wire.id, badRequest(DRIVER_EVENT_ID_INVALID));
  const id = wire.id.toLowerCase();
  const hash = hashOf(wire);
  const first = seen.get(id);
  if (first) return repeatOf(first, sender, hash);
  let event: DriverEvent;
  try {
    event = checkEvent(wire, settings, now);
  } catch (error) {
    if (error instanceof AppError) return refusal(id, error);
    throw error;
  }
  const at = new Date(event.at);
  try {
    const { result, endedProofFiles } = await deps.db.transaction(async (tx) => {
      // The checks write nothing: a refusal stores the event alone. A fault in the effect undoes it all.
      let pkg: RoadPackage | undefined;
      let refused: AppError | undefined;
      try {
        pkg = await admitEvent(tx, sender, event, { at, now });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused = error;
      }
      // A 400 (timed before its run) is the phone's mistake, answered like a malformed event: not stored.
      if (refused?.statusCode === 400) throw refused;
      const change = pkg && (await applyEvent(tx, sender, settings, event, pkg, at));
      const result: DriverEventResult = change
        ? { id, status: 'applied', package: { trackingCode: change.pkg.trackingCode, status: change.pkg.status } }
        : refusal(id, refused!);
      // Last, under the primary key: the same id stored meanwhile by another request undoes all of this.
      await repository.insertDriverEvent(tx, {
        id,
        driverId: sender.actor.id,
        packageId: change?.pkg.id ?? null,
        trackingCode: event.trackingCode,
        type: event.type,
        at,
        bodyHash: hash,
        result,
        outcome: result.status,
      });
      return { result, endedProofFiles: change?.endedProofFiles ?? [] };
    });
    seen.set(id, { id, driverId: sender.actor.id, bodyHash: hash, result });
    if (!(await removeEndedProofFiles(deps.storage, endedProofFiles))) {
      deps.log.warn({ id }, 'some files of an ended proof of delivery could not be removed; the sweep at start will');
    }
    return result;
  } catch (error) {
    if (error instanceof AppError) return refusal(id, error);
    if (!isUniqueViolation(error, 'driver_events_pkey')) throw error;
    const winner = await repository.findDriverEvent(deps.db, id);
    if (!winner) throw error;
    seen.set(id, winner);
    return repeatOf(winner, sender, hash);
  }
}

/** A repeat: the first result again, or 409 when the id came with another body or from someone else. */
function repeatOf(first: Seen, sender: EventSender, hash: string): DriverEventResult {
  if (first.bodyHash !== hash || first.driverId !== sender.actor.id) {
    return refusal(first.id, conflict(DRIVER_EVENT_ID_REUSED));
  }
  return { ...(first.result as DriverEventResult), id: first.id, status: 'duplicate' };
}

/** The event's fields, its time on the road and what its type needs; a 400 names the first fault. */
function checkEvent(wire: DriverEventWire, settings: DeliverySettings, now: Date): DriverEvent {
  const parsed = driverEventSchema.safeParse(wire);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const event = parsed.data;
  const at = Date.parse(event.at);
  if (at > now.getTime() + CLOCK_SKEW_MS) throw badRequest(DRIVER_EVENT_IN_FUTURE, { at: DRIVER_EVENT_IN_FUTURE });
  if (at < now.getTime() - DRIVER_EVENT_MAX_AGE_DAYS * DAY_MS) {
    throw badRequest(driverEventTooOld(DRIVER_EVENT_MAX_AGE_DAYS), {
      at: driverEventTooOld(DRIVER_EVENT_MAX_AGE_DAYS),
    });
  }
  if (event.type === 'attempt_failed') {
    if (!event.reason) throw badRequest(FAILURE_REASON_REQUIRED, { reason: FAILURE_REASON_REQUIRED });
    if (!settings.failureReasons.includes(event.reason)) {
      throw badRequest(FAILURE_REASON_UNKNOWN, { reason: FAILURE_REASON_UNKNOWN });
    }
  }
  if (event.type === 'delivered' && !event.receivedBy) {
    throw badRequest(RECEIVED_BY_REQUIRED, { receivedBy: RECEIVED_BY_REQUIRED });
  }
  if (event.type === 'note' && !event.note) throw badRequest(NOTE_REQUIRED, { note: NOTE_REQUIRED });
  return event;
}

/**
 * Whether the event may act, under the package's row lock (two events about it go one at a time),
 * writing nothing. The package must be a stop of the sender's run on the event's day (an admin: of any
 * run that day); one the driver had acted on before and that is on their run no more was reassigned
 * (409), any other is another driver's (403).
 */
async function admitEvent(
  tx: Database,
  sender: EventSender,
  event: DriverEvent,
  { at, now }: { at: Date; now: Date },
): Promise<RoadPackage> {
  const pkg = await lockPackageForRoad(tx, event.trackingCode);
  const isSenders = (stop: { driverId: string } | undefined) =>
    stop !== undefined && (sender.role === 'admin' || stop.driverId === sender.actor.id);
  const day = localDay(at);
  if (!isSenders(await findStopOfPackage(tx, pkg.id, day))) {
    // Timed before the day of the run it is on: the phone's clock is wrong, not the run.
    const today = localDay(now);
    if (day < today && isSenders(await findStopOfPackage(tx, pkg.id, today))) {
      throw badRequest(DRIVER_EVENT_BEFORE_RUN, { at: DRIVER_EVENT_BEFORE_RUN });
    }
    if (sender.role === 'admin') throw new AppError(403, ON_NO_RUN);
    throw (await repository.hadAppliedEvent(tx, sender.actor.id, pkg.trackingCode))
      ? conflict(STOP_REASSIGNED)
      : new AppError(403, NOT_ON_YOUR_RUN);
  }
  if (event.type === 'note') return pkg;
  if (pkg.status === DELIVERED_STATUS) throw conflict(ALREADY_DELIVERED);
  if (!canGoOnRun(pkg.status)) throw conflict(notOnTheRoad(pkg.status));
  return pkg;
}

/** The event's effect, in the transaction that stores it, through the packages' own changes. */
async function applyEvent(
  tx: Database,
  sender: EventSender,
  settings: DeliverySettings,
  event: DriverEvent,
  pkg: RoadPackage,
  at: Date,
): Promise<RoadChange> {
  switch (event.type) {
    case 'note':
      return { pkg, endedProofFiles: [] };
    case 'loaded':
    case 'out_for_delivery':
      return sendOutForDelivery(tx, sender.actor, pkg, settings.depotLocation, at);
    case 'delivered':
      return deliverOnTheRoad(tx, sender.actor, pkg, event.receivedBy ?? '', at);
    case 'attempt_failed': {
      const attempts = (await repository.countFailedAttempts(tx, pkg.id)) + 1;
      return recordFailedAttempt(tx, sender.actor, pkg, event.reason ?? '', at, attempts >= settings.maxAttempts);
    }
  }
}

/**
 * The photo and signature of a delivered event, sent after it (they are large, and the event must not
 * wait for them): added to the proof of its package. The event must be the sender's (an admin: anyone's)
 * and an applied delivery.
 */
export async function attachDeliveryImages(
  deps: DriverEventsDeps,
  sender: EventSender,
  id: string,
  files: { photo?: ReceivedFile; signature?: { bytes: Buffer } },
): Promise<DriverEventPhoto> {
  const row = isUuid(id) ? await repository.findDriverEvent(deps.db, id.toLowerCase()) : undefined;
  if (!row) throw notFound(NO_DELIVERED_EVENT);
  if (row.driverId !== sender.actor.id && sender.role !== 'admin') throw new AppError(403, NOT_YOUR_EVENT);
  if (row.type !== 'delivered' || row.outcome !== 'applied' || !row.packageId) throw conflict(EVENT_NOT_DELIVERED);
  return { id: row.id, ...(await attachRoadProofImages(deps, sender.actor, row.packageId, files)) };
}
