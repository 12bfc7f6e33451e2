import {
  ACCEPTED_STATUS,
  attentionCutoffs,
  attentionReasons,
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
  generateTrackingCode,
  PENDING_STATUS,
  type packageListQuerySchema,
  REJECTED_STATUS,
  type ShipmentInput,
  type ShipmentView,
  TRACKING_CODE_ALPHABET,
  TRACKING_CODE_LENGTH,
} from '@waybill/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { pageWindow } from '../../db/paging.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import { getAttentionRules } from '../attention/attention.service.ts';
import { type AuditActor, pickFields, recordAudit } from '../audit/audit.service.ts';
import { enqueueStatusNotification, enqueueSubmissionReceipt } from '../mail/index.ts';
import { countSubscribers } from '../subscriptions/subscriber-count.ts';
import { deleteProofOf, findProofOf } from './delivery-proof.repository.ts';
import { proofImageKeys, removeFormerProofFiles } from './delivery-proof-images.ts';
import type { StoredImage } from './image-processing.ts';
import { toShipmentView } from './shipment-view.ts';
import * as repository from './shipments.repository.ts';

/** Accepting promises delivery this many days later (shown to the customer as estimatedDelivery). */
export const ESTIMATED_DELIVERY_DAYS = 5;
const TRACKING_CODE_ATTEMPTS = 5;
export const PACKAGE_NOT_FOUND = 'Package not found. Please check the tracking code and try again.';
export const ONLY_PENDING_ACCEPTED = 'Only a Pending package can be accepted';
export const ONLY_PENDING_REJECTED = 'Only a Pending package can be rejected';
export const DECIDE_FIRST = 'Accept or reject the package before changing its status';
export const NO_SUCH_UPDATE = 'No location update has that timestamp';
export const DELIVERED_STATUS = 'Delivered';

/** What an entry keeps of a package that was submitted or deleted: who, where, what (not the photos). */
// What a package's submission and deletion record: no name, e-mail, phone, address or description,
// which would stay in the log, readable by every operator, after the package is deleted.
const AUDITED_PACKAGE_FIELDS = ['status', 'quantity', 'weight'] as const;

const packageTarget = (trackingCode: string) => ({ type: 'package', id: trackingCode }) as const;

export interface ShipmentDeps {
  db: Database;
  storage: ImageStorage;
}

/** Loads images and location updates for rows and builds the API views, in the rows' order. */
async function viewsOf(deps: ShipmentDeps, rows: repository.ShipmentRow[]): Promise<ShipmentView[]> {
  const ids = rows.map((row) => row.id);
  const [images, updates] = await Promise.all([
    repository.findImagesOf(deps.db, ids),
    repository.findLocationUpdatesOf(deps.db, ids),
  ]);
  return rows.map((row) =>
    toShipmentView(
      row,
      images.filter((image) => image.shipmentId === row.id),
      updates.filter((update) => update.shipmentId === row.id),
      deps.storage,
    ),
  );
}

async function viewOf(deps: ShipmentDeps, row: repository.ShipmentRow): Promise<ShipmentView> {
  const [view] = await viewsOf(deps, [row]);
  return view!;
}

async function requireShipment(db: Database, trackingCode: string): Promise<repository.ShipmentRow> {
  const row = await repository.findShipmentByCode(db, trackingCode);
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/**
 * Stores a new Pending package with its already-stored images in one transaction, under a fresh
 * tracking code (a collision, about 1 in 10^17, retries with another). The shipper's receipt is queued
 * in the same transaction: a stored package always gets its e-mail, a refused one never does.
 */
export async function createShipment(
  deps: ShipmentDeps,
  actor: AuditActor,
  input: ShipmentInput,
  images: StoredImage[],
): Promise<ShipmentView> {
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await deps.db.transaction(async (tx) => {
        const shipment = await repository.insertShipment(tx, {
          ...input,
          trackingCode: generateTrackingCode(),
          status: PENDING_STATUS,
        });
        await repository.insertShipmentImages(
          tx,
          images.map((image, position) => ({ shipmentId: shipment.id, position, ...image })),
        );
        await enqueueSubmissionReceipt(tx, shipment);
        await recordAudit(tx, {
          actor,
          action: 'package.submitted',
          target: { type: 'package', id: shipment.trackingCode },
          after: { ...pickFields(shipment, AUDITED_PACKAGE_FIELDS), images: images.length },
        });
        return shipment;
      });
      return await viewOf(deps, row);
    } catch (error) {
      if (attempt < TRACKING_CODE_ATTEMPTS && isUniqueViolation(error, 'shipments_tracking_code_key')) continue;
      throw error;
    }
  }
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
async function countListed(db: Database, filter: repository.ShipmentFilter) {
  const { search, status, ...other } = filter;
  if (search || filter.attention) {
    const { count, capped } = await repository.countShipmentsUpTo(db, filter, SEARCH_COUNT_CAP);
    return { total: count, capped };
  }
  if (Object.values(other).every((value) => value === undefined)) {
    return { total: await repository.countShipmentsFromCounters(db, status), capped: false };
  }
  return { total: await repository.countShipments(db, filter), capped: false };
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
export async function listShipments(
  deps: ShipmentDeps,
  query: z.output<typeof packageListQuerySchema>,
  now = new Date(),
) {
  const rules = query.attention === '1' ? await getAttentionRules(deps.db) : undefined;
  const filter: repository.ShipmentFilter = {
    search: query.q?.trim().toLowerCase() || undefined,
    status: query.status?.trim() || undefined,
    ...(rules ? { attention: attentionCutoffs(rules, now) } : {}),
  };
  if (filter.search && couldBeExact(filter.search))
    filter.exact = await repository.hasExactMatch(deps.db, filter.search);
  const window = pageWindow(query);
  const page = repository.findShipmentsPage(deps.db, filter, window, {
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
export async function getShipmentStats(deps: ShipmentDeps) {
  const counts = await repository.countShipmentsByStatus(deps.db);
  const byStatus: Record<string, number> = {};
  for (const { status, count } of counts) byStatus[status] = count;
  return { total: counts.reduce((sum, { count }) => sum + count, 0), byStatus };
}

/** One package's details, with the number of addresses that confirmed its e-mail updates. */
export async function getShipment(deps: ShipmentDeps, trackingCode: string): Promise<ShipmentView> {
  const row = await requireShipment(deps.db, trackingCode);
  const [view, subscribers] = await Promise.all([viewOf(deps, row), countSubscribers(deps.db, row.id)]);
  return { ...view, subscribers };
}

/** Explains why a conditional status change matched nothing: unknown code (404) or wrong state (409). */
async function failStatusChange(db: Database, trackingCode: string, message: string): Promise<never> {
  await requireShipment(db, trackingCode);
  throw conflict(message);
}

// Each change below queues its customer notification in the same transaction (when the setting is
// on): a committed change always has its e-mails queued, a rolled-back one never does. Each has a
// form that answers the changed row (all a bulk action reports, so it reads no images or location
// updates) and one that answers the view.

export async function acceptShipment(deps: ShipmentDeps, actor: AuditActor, trackingCode: string, now = new Date()) {
  return viewOf(deps, await acceptShipmentRow(deps.db, actor, trackingCode, now));
}

export async function acceptShipmentRow(db: Database, actor: AuditActor, trackingCode: string, now = new Date()) {
  const estimatedDelivery = new Date(now.getTime() + ESTIMATED_DELIVERY_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const accepted =
      (await repository.updateShipmentStatus(
        tx,
        trackingCode,
        { status: ACCEPTED_STATUS, estimatedDelivery },
        { statusIs: PENDING_STATUS },
      )) ?? (await failStatusChange(tx, trackingCode, ONLY_PENDING_ACCEPTED));
    await enqueueStatusNotification(tx, { shipment: accepted, event: 'accepted' });
    await recordAudit(tx, {
      actor,
      action: 'package.accepted',
      target: packageTarget(accepted.trackingCode),
      before: { status: PENDING_STATUS },
      after: pickFields(accepted, ['status', 'estimatedDelivery']),
    });
    return accepted;
  });
}

export async function rejectShipment(deps: ShipmentDeps, actor: AuditActor, trackingCode: string) {
  return viewOf(deps, await rejectShipmentRow(deps.db, actor, trackingCode));
}

export async function rejectShipmentRow(db: Database, actor: AuditActor, trackingCode: string) {
  return db.transaction(async (tx) => {
    const rejected =
      (await repository.updateShipmentStatus(
        tx,
        trackingCode,
        { status: REJECTED_STATUS },
        { statusIs: PENDING_STATUS },
      )) ?? (await failStatusChange(tx, trackingCode, ONLY_PENDING_REJECTED));
    await enqueueStatusNotification(tx, { shipment: rejected, event: 'rejected' });
    await recordAudit(tx, {
      actor,
      action: 'package.rejected',
      target: packageTarget(rejected.trackingCode),
      before: { status: PENDING_STATUS },
      after: { status: rejected.status },
    });
    return rejected;
  });
}

/** Any listed status or custom text, once the package has been accepted or rejected. */
export async function changeShipmentStatus(
  deps: ShipmentDeps,
  actor: AuditActor,
  trackingCode: string,
  status: string,
) {
  return viewOf(deps, await setShipmentStatus(deps, actor, trackingCode, status));
}

/** What a status change did: the package as changed, and the files of a proof of delivery it ended. */
interface StatusChange {
  shipment: repository.ShipmentRow;
  /** To remove once the change committed (see changeShipmentStatusRow). */
  endedProofFiles: string[];
}

/** The status change in a transaction of its own; the files of a proof it ended are removed after it. */
export async function setShipmentStatus(
  deps: ShipmentDeps,
  actor: AuditActor,
  trackingCode: string,
  status: string,
  log?: { warn: (o: object, m: string) => void },
): Promise<repository.ShipmentRow> {
  const { shipment, endedProofFiles } = await changeShipmentStatusRow(deps.db, actor, trackingCode, status);
  if (!(await removeFormerProofFiles(endedProofFiles, deps.storage))) {
    log?.warn(
      { trackingCode },
      'some files of an ended proof of delivery could not be removed; the sweep at start will',
    );
  }
  return shipment;
}

/**
 * Sets the status, queues its notification and records it. A proof of delivery records one hand-over:
 * a package set Delivered again after it had moved on loses the earlier delivery's proof, which the
 * tracking page, the details and the shipper's e-mail would otherwise show as this delivery's (who
 * received it, and when). The proof route records the new one after this, in the same transaction.
 */
export async function changeShipmentStatusRow(
  db: Database,
  actor: AuditActor,
  trackingCode: string,
  status: string,
): Promise<StatusChange> {
  // The dropdown entry that reveals the text box is not a status.
  if (status === CUSTOM_STATUS_OPTION) {
    throw badRequest(CUSTOM_STATUS_REQUIRED.message, { status: CUSTOM_STATUS_REQUIRED.message });
  }
  return db.transaction(async (tx) => {
    const before = await requireShipment(tx, trackingCode);
    const changed =
      (await repository.updateShipmentStatus(tx, trackingCode, { status }, { statusIsNot: PENDING_STATUS })) ??
      (await failStatusChange(tx, trackingCode, DECIDE_FIRST));
    // Setting the status it already has tells the customer nothing. The key names the state the change
    // started from, so the same change sent twice at once is queued once, while a later return to an
    // earlier status (Shipped, Processing, Shipped) is a new notification.
    if (before.status !== changed.status) {
      await enqueueStatusNotification(tx, {
        shipment: changed,
        event: 'status',
        detail: changed.status,
        key: `status:${before.updatedAt.toISOString()}:${changed.status}`,
      });
    }
    // Recorded even when the status stays the same: the operator did set it.
    await recordAudit(tx, {
      actor,
      action: 'package.status_changed',
      target: packageTarget(changed.trackingCode),
      before: { status: before.status },
      after: { status: changed.status },
    });
    const delivered = before.status !== DELIVERED_STATUS && changed.status === DELIVERED_STATUS;
    const ended = delivered ? await deleteProofOf(tx, changed.id) : undefined;
    if (ended) {
      await recordAudit(tx, {
        actor,
        action: 'package.delivery_proof_removed',
        target: packageTarget(changed.trackingCode),
        before: {
          photo: ended.photoKey !== null,
          signature: ended.signatureKey !== null,
        },
      });
    }
    return { shipment: changed, endedProofFiles: ended ? proofImageKeys(ended) : [] };
  });
}

export async function addLocationUpdate(deps: ShipmentDeps, actor: AuditActor, trackingCode: string, location: string) {
  return viewOf(deps, await addLocationUpdateRow(deps.db, actor, trackingCode, location));
}

export async function addLocationUpdateRow(db: Database, actor: AuditActor, trackingCode: string, location: string) {
  return db.transaction(async (tx) => {
    const shipment = await requireShipment(tx, trackingCode);
    const update = await repository.insertLocationUpdate(tx, {
      shipmentId: shipment.id,
      location,
      timestamp: new Date(),
    });
    await repository.touchShipment(tx, shipment.id);
    // Keyed by the update, so the same place reported twice on a journey is two notifications.
    await enqueueStatusNotification(tx, {
      shipment,
      event: 'location',
      detail: location,
      key: `location:${update.id}`,
    });
    await recordAudit(tx, {
      actor,
      action: 'package.location_added',
      target: packageTarget(shipment.trackingCode),
      after: { location: update.location, timestamp: update.timestamp.toISOString() },
    });
    return shipment;
  });
}

export async function removeLocationUpdate(
  deps: ShipmentDeps,
  actor: AuditActor,
  trackingCode: string,
  timestamp: string,
) {
  const row = await deps.db.transaction(async (tx) => {
    const shipment = await requireShipment(tx, trackingCode);
    const removed = await repository.deleteLocationUpdate(tx, shipment.id, new Date(timestamp));
    if (!removed) throw notFound(NO_SUCH_UPDATE);
    await repository.touchShipment(tx, shipment.id);
    await recordAudit(tx, {
      actor,
      action: 'package.location_removed',
      target: packageTarget(shipment.trackingCode),
      before: { location: removed.location, timestamp: removed.timestamp.toISOString() },
    });
    return shipment;
  });
  return viewOf(deps, row);
}

/** Deletes the package, then its image files (a file left behind is harmless; a row without files is not). */
export async function deleteShipment(
  deps: ShipmentDeps,
  actor: AuditActor,
  trackingCode: string,
  log?: { warn: (o: object, m: string) => void },
) {
  const { shipment, images, proof } = await deps.db.transaction(async (tx) => {
    const shipment = await requireShipment(tx, trackingCode);
    const images = await repository.findImagesOf(tx, [shipment.id]);
    const proof = await findProofOf(tx, shipment.id);
    await repository.deleteShipment(tx, shipment.id);
    await recordAudit(tx, {
      actor,
      action: 'package.deleted',
      target: packageTarget(shipment.trackingCode),
      before: {
        id: shipment.id,
        ...pickFields(shipment, AUDITED_PACKAGE_FIELDS),
        images: images.length,
        deliveryProof: proof !== undefined,
      },
    });
    return { shipment, images, proof };
  });
  const keys = [
    ...images.flatMap((image) => [image.storageKey, image.thumbnailKey]),
    ...(proof ? proofImageKeys(proof) : []),
  ];
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  if (results.some((result) => result.status === 'rejected')) {
    log?.warn({ trackingCode }, 'some image files of a deleted package could not be removed');
  }
  return { message: `Package ${shipment.trackingCode} was permanently removed`, trackingCode: shipment.trackingCode };
}
