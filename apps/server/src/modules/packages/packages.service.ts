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
  type PackageAnswer,
  type PackageDetails,
  PENDING_STATUS,
  REJECTED_STATUS,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import { type AuditActor, pickFields, recordAudit, recordAudits } from '../audit/audit.service.ts';
import { recordPackageEvent, recordPackageEvents } from '../events/events.service.ts';
import {
  eventTarget,
  type FailedAttempt,
  locationAddedRecords,
  packageTarget,
  proofRemovedAudit,
  statusChangeRecords,
} from './change-records.ts';
import type { StoredImage } from './images/image-processing.ts';
import { toPackageAnswer } from './package-view.ts';
import * as repository from './packages.repository.ts';
import { deleteProofOf, findProofOf } from './proof/delivery-proof.repository.ts';
import { proofImageKeys, removeFormerProofFiles } from './proof/delivery-proof-images.ts';
import { forgetRoadNotesOf } from './road/road-notes.repository.ts';

export const TRACKING_CODE_ATTEMPTS = 5;

/** What an entry keeps of a package that was submitted or deleted: who, where, what (not the photos). */
// What a package's submission and deletion record: no name, e-mail, phone, address or description,
// which would stay in the log, readable by every operator, after the package is deleted.
export const AUDITED_PACKAGE_FIELDS = ['status', 'quantity', 'weight'] as const;

export interface PackageDeps {
  db: Database;
  storage: ImageStorage;
}

/** Loads images and location updates for rows and builds the API views, in the rows' order. */
export async function viewsOf(deps: PackageDeps, rows: repository.PackageRow[]): Promise<PackageAnswer[]> {
  const ids = rows.map((row) => row.id);
  const [images, updates] = await Promise.all([
    repository.findImagesOf(deps.db, ids),
    repository.findLocationUpdatesOf(deps.db, ids),
  ]);
  return rows.map((row) =>
    toPackageAnswer(
      row,
      images.filter((image) => image.packageId === row.id),
      updates.filter((update) => update.packageId === row.id),
      deps.storage,
    ),
  );
}

export async function viewOf(deps: PackageDeps, row: repository.PackageRow): Promise<PackageAnswer> {
  const [view] = await viewsOf(deps, [row]);
  return view!;
}

export async function requirePackage(db: Database, trackingCode: string): Promise<repository.PackageRow> {
  const row = await repository.findPackageByCode(db, trackingCode);
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/**
 * Stores a new Pending package with its already-stored images in one transaction, under a fresh
 * tracking code (a collision, about 1 in 10^17, retries with another). Its `package.submitted` event is
 * recorded in the same transaction: a stored package is always heard of (its receipt), a refused one never.
 */
export async function createPackage(
  deps: PackageDeps,
  actor: AuditActor,
  /** `accountId`: the business account that ships it (the portal, /api/v1). */
  input: PackageDetails & { accountId?: string },
  images: StoredImage[],
  /** What else the submission stores in the package's own transaction (the shipper's text choice). */
  alsoStore?: (tx: Database, pkg: repository.PackageRow) => Promise<void>,
): Promise<PackageAnswer> {
  return viewOf(deps, await createPackageRow(deps.db, actor, input, images, alsoStore));
}

/** `createPackage` answering the stored row, as the insert returned it (no images or updates read back). */
export async function createPackageRow(
  db: Database,
  actor: AuditActor,
  input: PackageDetails & { accountId?: string },
  images: StoredImage[],
  alsoStore?: (tx: Database, pkg: repository.PackageRow) => Promise<void>,
): Promise<repository.PackageRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const pkg = await repository.insertPackage(tx, {
          ...input,
          trackingCode: generateTrackingCode(),
          status: PENDING_STATUS,
        });
        await repository.insertPackageImages(
          tx,
          images.map((image, position) => ({ packageId: pkg.id, position, ...image })),
        );
        await recordPackageEvent(tx, {
          type: 'package.submitted',
          ...eventTarget(pkg),
          actor,
          payload: {},
        });
        await alsoStore?.(tx, pkg);
        await recordAudit(tx, {
          actor,
          action: 'package.submitted',
          target: { type: 'package', id: pkg.trackingCode },
          after: { ...pickFields(pkg, AUDITED_PACKAGE_FIELDS), images: images.length },
        });
        return pkg;
      });
    } catch (error) {
      if (attempt < TRACKING_CODE_ATTEMPTS && isUniqueViolation(error, 'packages_tracking_code_key')) continue;
      throw error;
    }
  }
}

/** Explains why a conditional status change matched nothing: unknown code (404) or wrong state (409). */
async function failStatusChange(db: Database, trackingCode: string, message: string): Promise<never> {
  await requirePackage(db, trackingCode);
  throw conflict(message);
}

// Each change below records its event in the same transaction: a committed change is always heard of
// (the customers' e-mails and every other consumer), a rolled-back one never is. Each has a form that
// answers the changed row (all a bulk action reports, so it reads no images or location updates) and
// one that answers the view.

export async function acceptPackage(deps: PackageDeps, actor: AuditActor, trackingCode: string, now = new Date()) {
  return viewOf(deps, await acceptPackageRow(deps.db, actor, trackingCode, now));
}

export async function acceptPackageRow(db: Database, actor: AuditActor, trackingCode: string, now = new Date()) {
  const estimatedDelivery = new Date(now.getTime() + ESTIMATED_DELIVERY_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const accepted =
      (await repository.updatePackageStatus(
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

/**
 * Moves a package's estimated delivery (another delivery day chosen on the tracking page, record 50):
 * the public answer, the console and the lists follow. The caller records who asked for it.
 */
export async function setEstimatedDelivery(db: Database, packageId: string, estimatedDelivery: Date | null) {
  return repository.updateEstimatedDelivery(db, packageId, estimatedDelivery);
}

export async function rejectPackage(deps: PackageDeps, actor: AuditActor, trackingCode: string) {
  return viewOf(deps, await rejectPackageRow(deps.db, actor, trackingCode));
}

export async function rejectPackageRow(db: Database, actor: AuditActor, trackingCode: string) {
  return db.transaction(async (tx) => {
    const rejected =
      (await repository.updatePackageStatus(
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
export async function changePackageStatus(deps: PackageDeps, actor: AuditActor, trackingCode: string, status: string) {
  return viewOf(deps, await setPackageStatus(deps, actor, trackingCode, status));
}

/** What a status change did: the package as changed, and the files of a proof of delivery it ended. */
interface StatusChange {
  pkg: repository.PackageRow;
  /** To remove once the change committed (see changePackageStatusRow). */
  endedProofFiles: string[];
}

/** The status change in a transaction of its own; the files of a proof it ended are removed after it. */
export async function setPackageStatus(
  deps: PackageDeps,
  actor: AuditActor,
  trackingCode: string,
  status: string,
  log?: { warn: (o: object, m: string) => void },
): Promise<repository.PackageRow> {
  const { pkg, endedProofFiles } = await changePackageStatusRow(deps.db, actor, trackingCode, status);
  if (!(await removeFormerProofFiles(endedProofFiles, deps.storage))) {
    log?.warn(
      { trackingCode },
      'some files of an ended proof of delivery could not be removed; the sweep at start will',
    );
  }
  return pkg;
}

/**
 * Sets the status, queues its notification and records it. A proof of delivery records one hand-over:
 * a package set Delivered again after it had moved on loses the earlier delivery's proof, which the
 * tracking page, the details and the shipper's e-mail would otherwise show as this delivery's (who
 * received it, and when). The proof route records the new one after this, in the same transaction.
 */
export async function changePackageStatusRow(
  db: Database,
  actor: AuditActor,
  trackingCode: string,
  status: string,
  /** `attempt`: a failed delivery attempt makes the change (the last one allowed), and its event says so. */
  cause?: 'attempt',
): Promise<StatusChange> {
  // The dropdown entry that reveals the text box is not a status.
  if (status === CUSTOM_STATUS_OPTION) {
    throw badRequest(CUSTOM_STATUS_REQUIRED.message, { status: CUSTOM_STATUS_REQUIRED.message });
  }
  return db.transaction(async (tx) => {
    const before = await requirePackage(tx, trackingCode);
    const changed =
      (await repository.updatePackageStatus(tx, trackingCode, { status }, { statusIsNot: PENDING_STATUS })) ??
      (await failStatusChange(tx, trackingCode, DECIDE_FIRST));
    const records = statusChangeRecords(changed, actor, {
      from: before.status,
      to: changed.status,
      since: before.updatedAt,
      cause,
    });
    await recordPackageEvents(tx, records.events);
    await recordAudits(tx, records.audits);
    const delivered = before.status !== DELIVERED_STATUS && changed.status === DELIVERED_STATUS;
    const ended = delivered ? await deleteProofOf(tx, changed.id) : undefined;
    if (ended) await recordAudit(tx, proofRemovedAudit(changed, actor, ended));
    return { pkg: changed, endedProofFiles: ended ? proofImageKeys(ended) : [] };
  });
}

export async function addLocationUpdate(deps: PackageDeps, actor: AuditActor, trackingCode: string, location: string) {
  return viewOf(deps, await addLocationUpdateRow(deps.db, actor, trackingCode, location));
}

/**
 * `at`: when it happened; a driver's event gives the time on the road, the console's is now. `attempt`:
 * the update is a driver's failed delivery attempt: it keeps the reason (the tracking page tells it) and
 * records `package.delivery_attempted` beside `package.location_added`.
 */
export async function addLocationUpdateRow(
  db: Database,
  actor: AuditActor,
  trackingCode: string,
  location: string,
  at = new Date(),
  attempt?: FailedAttempt,
) {
  return db.transaction(async (tx) => {
    const pkg = await requirePackage(tx, trackingCode);
    const update = await repository.insertLocationUpdate(tx, {
      packageId: pkg.id,
      location,
      timestamp: at,
      attemptReason: attempt?.reason ?? null,
    });
    await repository.touchPackage(tx, pkg.id);
    const records = locationAddedRecords(pkg, actor, update, attempt);
    await recordPackageEvents(tx, records.events);
    await recordAudits(tx, records.audits);
    return pkg;
  });
}

export async function removeLocationUpdate(
  deps: PackageDeps,
  actor: AuditActor,
  trackingCode: string,
  timestamp: string,
) {
  const row = await deps.db.transaction(async (tx) => {
    const pkg = await requirePackage(tx, trackingCode);
    const removed = await repository.deleteLocationUpdate(tx, pkg.id, new Date(timestamp));
    if (!removed) throw notFound(NO_SUCH_UPDATE);
    await repository.touchPackage(tx, pkg.id);
    await recordAudit(tx, {
      actor,
      action: 'package.location_removed',
      target: packageTarget(pkg.trackingCode),
      before: { location: removed.location, timestamp: removed.timestamp.toISOString() },
    });
    return pkg;
  });
  return viewOf(deps, row);
}

/** Deletes the package, then its image files (a file left behind is harmless; a row without files is not). */
export async function deletePackage(
  deps: PackageDeps,
  actor: AuditActor,
  trackingCode: string,
  log?: { warn: (o: object, m: string) => void },
) {
  const { pkg, images, proof, roadPhotos } = await deps.db.transaction(async (tx) => {
    const pkg = await requirePackage(tx, trackingCode);
    const images = await repository.findImagesOf(tx, [pkg.id]);
    const proof = await findProofOf(tx, pkg.id);
    const roadPhotos = await forgetRoadNotesOf(tx, pkg.id);
    await repository.deletePackage(tx, pkg.id);
    await recordPackageEvent(tx, { type: 'package.deleted', ...eventTarget(pkg), actor, payload: {} });
    await recordAudit(tx, {
      actor,
      action: 'package.deleted',
      target: packageTarget(pkg.trackingCode),
      before: {
        id: pkg.id,
        ...pickFields(pkg, AUDITED_PACKAGE_FIELDS),
        images: images.length,
        deliveryProof: proof !== undefined,
      },
    });
    return { pkg, images, proof, roadPhotos };
  });
  const keys = [
    ...images.flatMap((image) => [image.storageKey, image.thumbnailKey]),
    ...(proof ? proofImageKeys(proof) : []),
    ...roadPhotos,
  ];
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  if (results.some((result) => result.status === 'rejected')) {
    log?.warn({ trackingCode }, 'some image files of a deleted package could not be removed');
  }
  return { message: `Package ${pkg.trackingCode} was permanently removed`, trackingCode: pkg.trackingCode };
}
