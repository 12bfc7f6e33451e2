import { createHash } from 'node:crypto';
import {
  ATTEMPT_PHOTO_ONLY,
  DRIVER_EVENT_ID_INVALID,
  DRIVER_EVENT_ID_REUSED,
  type DriverEvent,
  type DriverEventPhoto,
  type DriverEventResult,
  type DriverEventWire,
  EVENT_NOT_DELIVERED,
  NO_DELIVERED_EVENT,
  NOT_YOUR_EVENT,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import {
  attachRoadProofImages,
  openRoadBatch,
  type RoadPackage,
  removeEndedProofFiles,
} from '../packages/road/road-changes.service.ts';
import { attachRoadAttemptPhoto } from '../packages/road/road-notes.service.ts';
import type { ReceivedFile } from '../packages/submission/multipart-submission.ts';
import { getDeliverySettings } from './delivery-settings.service.ts';
import { admitEvent, applyEvent, checkEvent, type EventSender, readBatchRules } from './driver-event-rules.ts';
import * as repository from './driver-events.repository.ts';

export interface DriverEventsDeps {
  db: Database;
  storage: ImageStorage;
  companyName: string;
  log: { warn(details: object, message: string): void };
}

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

/** Times a batch is tried when it loses a race for an event id (or PostgreSQL breaks a cycle of locks). */
const BATCH_ATTEMPTS = 5;

/**
 * The batch in one transaction, its events in order, each admitted or refused on its own: a refusal
 * writes nothing but the event's row, so it undoes nothing else. The packages (locked), their stops, the
 * ids seen before and the counts the rules need are read once; the effects are written set-based at
 * the end; the transaction commits, and only then is the answer given, so every result it reports is
 * stored. A batch that lost a race for an id (the same id stored meanwhile by another request) is undone
 * whole and tried again, and then answers that id as a repeat: its first result again, or 409 when it
 * came with another body or from another driver.
 */
export async function receiveDriverEvents(
  deps: DriverEventsDeps,
  sender: EventSender,
  events: DriverEventWire[],
  now = new Date(),
): Promise<DriverEventResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { results, endedProofFiles } = await deps.db.transaction((tx) =>
        receiveBatch(tx, deps.companyName, sender, events, now),
      );
      if (!(await removeEndedProofFiles(deps.storage, endedProofFiles))) {
        deps.log.warn({}, 'some files of an ended proof of delivery could not be removed; the sweep at start will');
      }
      return results;
    } catch (error) {
      if (attempt >= BATCH_ATTEMPTS || !lostRace(error)) throw error;
    }
  }
}

/** Another request stored one of the batch's ids first, or PostgreSQL undid the batch to end a lock cycle. */
function lostRace(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return isUniqueViolation(error, 'driver_events_pkey') || (cause as { code?: string })?.code === '40P01';
}

/** An event as sent, with what is known of it before the database: its id and hash, its fields or its fault. */
interface Received {
  wire: DriverEventWire;
  id: string;
  hash: string;
  event?: DriverEvent;
  fault?: AppError;
}

async function receiveBatch(
  tx: Database,
  companyName: string,
  sender: EventSender,
  wires: DriverEventWire[],
  now: Date,
): Promise<{ results: DriverEventResult[]; endedProofFiles: string[] }> {
  const settings = await getDeliverySettings(tx, companyName);
  const batch = wires.map((wire): Received => {
    const received: Received = { wire, id: wire.id.toLowerCase(), hash: hashOf(wire) };
    try {
      received.event = checkEvent(wire, settings, now);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      received.fault = error;
    }
    return received;
  });
  const events = batch.flatMap((received) => received.event ?? []);
  const road = await openRoadBatch(
    tx,
    sender.actor,
    events.map((event) => event.trackingCode),
  );
  // Read under the packages' locks: what a request that held them stored meanwhile is seen.
  const ids = batch.map((received) => received.id).filter(isUuid);
  const seen = new Map<string, Seen>((await repository.findDriverEvents(tx, ids)).map((row) => [row.id, row]));
  const rules = await readBatchRules(tx, { sender, settings, now, road }, events);
  const results: DriverEventResult[] = [];
  const rows: repository.NewDriverEventRow[] = [];
  for (const received of batch) results.push(await receiveOne(received));
  // Before the effects are written: an id stored meanwhile by another request fails here, and the batch
  // is tried again.
  await repository.insertDriverEvents(tx, rows);
  return { results, endedProofFiles: await road.write() };

  async function receiveOne({ wire, id, hash, event, fault }: Received): Promise<DriverEventResult> {
    if (!isUuid(wire.id)) return refusal(wire.id, badRequest(DRIVER_EVENT_ID_INVALID));
    const first = seen.get(id);
    if (first) return repeatOf(first, sender, hash);
    if (!event) return refusal(id, fault!);
    const at = new Date(event.at);
    let pkg: RoadPackage;
    try {
      pkg = await admitEvent(rules, event, at);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A 400 (timed before its run) is the phone's mistake, answered like a malformed event: not stored.
      if (error.statusCode === 400) return refusal(id, error);
      return store(id, hash, event, at, refusal(id, error));
    }
    const changed = await applyEvent(rules, event, pkg, at);
    const { trackingCode, status } = changed;
    return store(id, hash, event, at, { id, status: 'applied', package: { trackingCode, status } }, changed.id);
  }

  /** The event's row, stored with its result (an applied one names its package), and seen from now on. */
  function store(
    id: string,
    hash: string,
    event: DriverEvent,
    at: Date,
    result: DriverEventResult,
    packageId: string | null = null,
  ): DriverEventResult {
    rows.push({
      id,
      driverId: sender.actor.id,
      packageId,
      trackingCode: event.trackingCode,
      type: event.type,
      at,
      bodyHash: hash,
      result,
      outcome: result.status,
      // What operators read of it (docs/decisions/0048): an applied event's own words, nothing of a refused one.
      ...(result.status === 'applied' && {
        note: event.note || null,
        reason: event.type === 'attempt_failed' ? (event.reason ?? null) : null,
      }),
    });
    seen.set(id, { id, driverId: sender.actor.id, bodyHash: hash, result });
    return result;
  }
}

/** A repeat: the first result again, or 409 when the id came with another body or from someone else. */
function repeatOf(first: Seen, sender: EventSender, hash: string): DriverEventResult {
  if (first.bodyHash !== hash || first.driverId !== sender.actor.id) {
    return refusal(first.id, conflict(DRIVER_EVENT_ID_REUSED));
  }
  return { ...(first.result as DriverEventResult), id: first.id, status: 'duplicate' };
}

/**
 * The images of an event, sent after it (they are large, and the event must not wait for them): a
 * delivery's photo and signature are added to the proof of its package, a failed attempt's photo (no
 * signature) to the attempt. The event must be the sender's (an admin: anyone's) and applied.
 */
export async function attachEventImages(
  deps: DriverEventsDeps,
  sender: EventSender,
  id: string,
  files: { photo?: ReceivedFile; signature?: { bytes: Buffer } },
): Promise<DriverEventPhoto> {
  const row = isUuid(id) ? await repository.findDriverEvent(deps.db, id.toLowerCase()) : undefined;
  if (!row) throw notFound(NO_DELIVERED_EVENT);
  if (row.driverId !== sender.actor.id && sender.role !== 'admin') throw new AppError(403, NOT_YOUR_EVENT);
  const takesImages = row.type === 'delivered' || row.type === 'attempt_failed';
  if (!takesImages || row.outcome !== 'applied' || !row.packageId) throw conflict(EVENT_NOT_DELIVERED);
  if (row.type === 'attempt_failed') {
    if (files.signature) throw badRequest(ATTEMPT_PHOTO_ONLY);
    const target = { id: row.id, packageId: row.packageId };
    return { id: row.id, ...(await attachRoadAttemptPhoto(deps, sender.actor, target, files.photo)) };
  }
  return { id: row.id, ...(await attachRoadProofImages(deps, sender.actor, row.packageId, files)) };
}
