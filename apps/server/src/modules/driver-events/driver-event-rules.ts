import {
  ALREADY_DELIVERED,
  CLOCK_SKEW_MS,
  canGoOnRun,
  DELIVERED_STATUS,
  type DeliverySettings,
  DRIVER_EVENT_BEFORE_RUN,
  DRIVER_EVENT_IN_FUTURE,
  DRIVER_EVENT_MAX_AGE_DAYS,
  type DriverEvent,
  type DriverEventWire,
  driverEventSchema,
  driverEventTooOld,
  FAILURE_REASON_REQUIRED,
  FAILURE_REASON_UNKNOWN,
  localDay,
  NOT_ON_YOUR_RUN,
  NOTE_REQUIRED,
  notOnTheRoad,
  ON_NO_RUN,
  type OperatorRole,
  PACKAGE_NOT_FOUND,
  RECEIVED_BY_REQUIRED,
  STOP_REASSIGNED,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound, validationError } from '../../errors.ts';
import type { OperatorActor } from '../audit/audit.service.ts';
import type { RoadBatch, RoadPackage } from '../packages/road/road-changes.service.ts';
import { findStopsOfPackages, type PackageStop, stopKey } from '../runs/runs.service.ts';
import * as repository from './driver-events.repository.ts';

// What an event must be, and what it does: its own fields first (no database), then whether it may act
// on its package as the batch has left it, then its effect.

/** Who sent the events: a driver acts on the stops of their own runs, an admin on any run's. */
export interface EventSender {
  actor: OperatorActor;
  role: OperatorRole;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The event's fields, its time on the road and what its type needs; a 400 names the first fault. */
export function checkEvent(wire: DriverEventWire, settings: DeliverySettings, now: Date): DriverEvent {
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
 * What the rules know of the database, read once a batch and kept up to date as its events apply: the
 * stops, and (read at the first event that needs them) the failed attempts and the codes the sender
 * had acted on.
 */
export interface BatchRules {
  sender: EventSender;
  settings: DeliverySettings;
  now: Date;
  road: RoadBatch;
  /** The stops of the batch's packages on the events' days and today, by stopKey. */
  stops: Map<string, PackageStop>;
  /** Failed attempts applied, by package id. */
  failedAttempts(): Promise<Map<string, number>>;
  /** Whether the sender had an event about this package applied, before the batch or in it. */
  actedOn(trackingCode: string): Promise<boolean>;
  /** Notes an event of the batch applied about this package. */
  applied(trackingCode: string): void;
}

/** Reads the stops of the batch's packages (a plain read: no run is locked) and readies the other reads. */
export async function readBatchRules(
  tx: Database,
  base: Pick<BatchRules, 'sender' | 'settings' | 'now' | 'road'>,
  events: DriverEvent[],
): Promise<BatchRules> {
  const packageIds = [...new Set(events.flatMap((event) => base.road.packageOf(event.trackingCode)?.id ?? []))];
  const days = [...new Set([...events.map((event) => localDay(new Date(event.at))), localDay(base.now)])];
  let failedAttempts: Promise<Map<string, number>> | undefined;
  let actedBefore: Promise<Set<string>> | undefined;
  const actedInBatch = new Set<string>();
  return {
    ...base,
    stops: await findStopsOfPackages(tx, packageIds, days),
    failedAttempts: () => {
      failedAttempts ??= repository.countFailedAttemptsOf(tx, packageIds);
      return failedAttempts;
    },
    async actedOn(trackingCode) {
      if (actedInBatch.has(trackingCode)) return true;
      actedBefore ??= repository.findAppliedCodes(
        tx,
        base.sender.actor.id,
        events.map((event) => event.trackingCode),
      );
      return (await actedBefore).has(trackingCode);
    },
    applied: (trackingCode) => actedInBatch.add(trackingCode),
  };
}

/**
 * Whether the event may act on its package as the batch has left it, writing nothing (the batch holds
 * the packages' row locks). The package must be a stop of the sender's run on the event's day (an
 * admin: of any run that day); one the driver had acted on before and that is on their run no more was
 * reassigned (409), any other is another driver's (403).
 */
export async function admitEvent(rules: BatchRules, event: DriverEvent, at: Date): Promise<RoadPackage> {
  const { sender } = rules;
  const pkg = rules.road.packageOf(event.trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const isSenders = (stop: PackageStop | undefined) =>
    stop !== undefined && (sender.role === 'admin' || stop.driverId === sender.actor.id);
  const day = localDay(at);
  if (!isSenders(rules.stops.get(stopKey(pkg.id, day)))) {
    // Timed before the day of the run it is on: the phone's clock is wrong, not the run.
    const today = localDay(rules.now);
    if (day < today && isSenders(rules.stops.get(stopKey(pkg.id, today)))) {
      throw badRequest(DRIVER_EVENT_BEFORE_RUN, { at: DRIVER_EVENT_BEFORE_RUN });
    }
    if (sender.role === 'admin') throw new AppError(403, ON_NO_RUN);
    throw (await rules.actedOn(pkg.trackingCode)) ? conflict(STOP_REASSIGNED) : new AppError(403, NOT_ON_YOUR_RUN);
  }
  if (event.type === 'note') return pkg;
  if (pkg.status === DELIVERED_STATUS) throw conflict(ALREADY_DELIVERED);
  if (!canGoOnRun(pkg.status)) throw conflict(notOnTheRoad(pkg.status));
  return pkg;
}

/** The event's effect on the package, made in the batch through the packages' own road changes. */
export async function applyEvent(
  rules: BatchRules,
  event: DriverEvent,
  pkg: RoadPackage,
  at: Date,
): Promise<RoadPackage> {
  const { road, settings } = rules;
  rules.applied(pkg.trackingCode);
  switch (event.type) {
    case 'note':
      return pkg;
    case 'loaded':
    case 'out_for_delivery':
      return road.sendOutForDelivery(pkg, settings.depotLocation, at);
    case 'delivered':
      return road.deliver(pkg, event.receivedBy ?? '', at);
    case 'attempt_failed': {
      const counts = await rules.failedAttempts();
      const attempts = (counts.get(pkg.id) ?? 0) + 1;
      counts.set(pkg.id, attempts);
      return road.recordFailedAttempt(pkg, event.reason ?? '', at, attempts >= settings.maxAttempts);
    }
  }
}
