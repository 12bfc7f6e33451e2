import {
  ACCEPTED_STATUS,
  CUSTOM_STATUS_OPTION,
  CUSTOM_STATUS_REQUIRED,
  DECIDE_FIRST,
  DELIVERED_STATUS,
  ESTIMATED_DELIVERY_DAYS,
  generateTrackingCode,
  NO_SUCH_UPDATE,
  ONLY_PENDING_ACCEPTED,
  ONLY_PENDING_REJECTED,
  PACKAGE_NOT_FOUND,
  type PackageDetails,
  PENDING_STATUS,
  REJECTED_STATUS,
  type ShipmentView,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import { type AuditActor, pickFields, recordAudit } from '../audit/audit.service.ts';
import { recordPackageEvent } from '../events/events.service.ts';
import type { StoredImage } from './images/image-processing.ts';
import { deleteProofOf, findProofOf } from './proof/delivery-proof.repository.ts';
import { proofImageKeys, removeFormerProofFiles } from './proof/delivery-proof-images.ts';
import { toShipmentView } from './shipment-view.ts';
import * as repository from './shipments.repository.ts';

const TRACKING_CODE_ATTEMPTS = 5;

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
export async function viewsOf(deps: ShipmentDeps, rows: repository.ShipmentRow[]): Promise<ShipmentView[]> {
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

export async function viewOf(deps: ShipmentDeps, row: repository.ShipmentRow): Promise<ShipmentView> {
  const [view] = await viewsOf(deps, [row]);
  return view!;
}

export async function requireShipment(db: Database, trackingCode: string): Promise<repository.ShipmentRow> {
  const row = await repository.findShipmentByCode(db, trackingCode);
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/**
 * Stores a new Pending package with its already-stored images in one transaction, under a fresh
 * tracking code (a collision, about 1 in 10^17, retries with another). Its `package.submitted` event is
 * recorded in the same transaction: a stored package is always heard of (its receipt), a refused one never.
 */
export async function createShipment(
  deps: ShipmentDeps,
  actor: AuditActor,
  input: PackageDetails,
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
        await recordPackageEvent(tx, {
          type: 'package.submitted',
          ...eventTarget(shipment),
          actor,
          payload: {},
        });
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

/** Explains why a conditional status change matched nothing: unknown code (404) or wrong state (409). */
async function failStatusChange(db: Database, trackingCode: string, message: string): Promise<never> {
  await requireShipment(db, trackingCode);
  throw conflict(message);
}

// Each change below records its event in the same transaction: a committed change is always heard of
// (the customers' e-mails and every other consumer), a rolled-back one never is. Each has a form that
// answers the changed row (all a bulk action reports, so it reads no images or location updates) and
// one that answers the view.

/** The package an event is about. */
const eventTarget = (shipment: { id: string; trackingCode: string }) => ({
  packageId: shipment.id,
  trackingCode: shipment.trackingCode,
});

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
    await recordPackageEvent(tx, {
      type: 'package.accepted',
      ...eventTarget(accepted),
      actor,
      payload: { estimatedDelivery: accepted.estimatedDelivery?.toISOString() ?? null },
    });
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
    await recordPackageEvent(tx, { type: 'package.rejected', ...eventTarget(rejected), actor, payload: {} });
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
    // Setting the status it already has is no news. `since` names the state the change started from, so
    // the same change sent twice at once is heard as one, while a later return to an earlier status
    // (Shipped, Processing, Shipped) is news again.
    if (before.status !== changed.status) {
      const target = eventTarget(changed);
      const since = before.updatedAt.toISOString();
      await recordPackageEvent(tx, {
        type: 'package.status_changed',
        ...target,
        actor,
        payload: { from: before.status, to: changed.status, since },
      });
      if (changed.status === DELIVERED_STATUS) {
        await recordPackageEvent(tx, { type: 'package.delivered', ...target, actor, payload: {} });
      }
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
    // Named by the update, so the same place reported twice on a journey is two pieces of news.
    await recordPackageEvent(tx, {
      type: 'package.location_added',
      ...eventTarget(shipment),
      actor,
      payload: { location, updateId: update.id },
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
    await recordPackageEvent(tx, { type: 'package.deleted', ...eventTarget(shipment), actor, payload: {} });
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
