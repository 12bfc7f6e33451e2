import {
  DELIVERED_STATUS,
  NO_PROOF,
  OUT_FOR_DELIVERY_STATUS,
  PACKAGE_NOT_FOUND,
  PROOF_IMAGE_REQUIRED,
  RETURNING_STATUS,
} from '@waybill/domain';
import type { Database } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../errors.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import { type OperatorActor, recordAudit } from '../../audit/audit.service.ts';
import * as repository from '../packages.repository.ts';
import { addLocationUpdateRow, changePackageStatusRow } from '../packages.service.ts';
import * as proofs from '../proof/delivery-proof.repository.ts';
import {
  proofImageKeys,
  removeFormerProofFiles,
  removeProofImages,
  storeProofImages,
} from '../proof/delivery-proof-images.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';

// What a driver's events do to a package, each inside the caller's transaction (the one that stores
// the event): the console's own status change and location update, so each records its package
// event and audit entry, with the time on the road where the change keeps one.

export type RoadPackage = repository.PackageRow;

/** What a change did: the package after it, and the files of a proof of delivery it ended or replaced. */
export interface RoadChange {
  pkg: RoadPackage;
  /** To remove once the transaction committed (removeEndedProofFiles). */
  endedProofFiles: string[];
}

/** The package under a row lock, so two events about it apply one after the other; 404 when unknown. */
export async function lockPackageForRoad(tx: Database, trackingCode: string): Promise<RoadPackage> {
  const pkg = await repository.lockPackageByCode(tx, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return pkg;
}

async function setStatus(
  tx: Database,
  actor: OperatorActor,
  pkg: RoadPackage,
  status: string,
  cause?: 'attempt',
): Promise<RoadChange> {
  if (pkg.status === status) return { pkg, endedProofFiles: [] };
  return changePackageStatusRow(tx, actor, pkg.trackingCode, status, cause);
}

/** Loaded or out for delivery: Out for Delivery (unless it is already), and a location update at the depot. */
export async function sendOutForDelivery(
  tx: Database,
  actor: OperatorActor,
  pkg: RoadPackage,
  depotLocation: string,
  at: Date,
): Promise<RoadChange> {
  if (pkg.status === OUT_FOR_DELIVERY_STATUS) return { pkg, endedProofFiles: [] };
  const change = await setStatus(tx, actor, pkg, OUT_FOR_DELIVERY_STATUS);
  await addLocationUpdateRow(tx, actor, pkg.trackingCode, depotLocation, at);
  return change;
}

/** Delivered, with a proof naming who received it at the time on the road (no photo or signature). */
export async function deliverOnTheRoad(
  tx: Database,
  actor: OperatorActor,
  pkg: RoadPackage,
  receivedBy: string,
  at: Date,
): Promise<RoadChange> {
  const change = await setStatus(tx, actor, pkg, DELIVERED_STATUS);
  const written = await proofs.upsertProof(tx, {
    packageId: pkg.id,
    receivedBy,
    photoKey: null,
    photoThumbnailKey: null,
    signatureKey: null,
    recordedBy: actor.id,
    deliveredAt: at,
  });
  await recordAudit(tx, {
    actor,
    action: 'package.delivery_proof_recorded',
    target: { type: 'package', id: pkg.trackingCode },
    before: written.replaced
      ? { photo: written.replaced.photoKey !== null, signature: written.replaced.signatureKey !== null }
      : null,
    after: { photo: false, signature: false },
  });
  return {
    pkg: change.pkg,
    endedProofFiles: [...change.endedProofFiles, ...(written.replaced ? proofImageKeys(written.replaced) : [])],
  };
}

/**
 * A failed attempt: a location update "Delivery attempted: REASON" at the time on the road, which keeps
 * the reason and records the attempt's own event, and Returning to sender when it is the last attempt
 * allowed.
 */
export async function recordFailedAttempt(
  tx: Database,
  actor: OperatorActor,
  pkg: RoadPackage,
  reason: string,
  at: Date,
  lastAttempt: boolean,
): Promise<RoadChange> {
  await addLocationUpdateRow(tx, actor, pkg.trackingCode, `Delivery attempted: ${reason}`, at, {
    reason,
    returning: lastAttempt,
  });
  if (!lastAttempt) return { pkg: (await repository.findPackageById(tx, pkg.id)) ?? pkg, endedProofFiles: [] };
  return setStatus(tx, actor, pkg, RETURNING_STATUS, 'attempt');
}

/** Removes the files of proofs the changes ended, after their commit; false when some could not be. */
export async function removeEndedProofFiles(storage: ImageStorage, files: string[]): Promise<boolean> {
  return files.length === 0 ? true : removeFormerProofFiles(files, storage);
}

/**
 * Adds the photo and signature taken at a delivery on the road to the package's proof, replacing
 * earlier ones of the same kind: the images are checked by their bytes and stored first (the proof's
 * own pipeline and limits), then the proof changes in one transaction; the replaced files go after it.
 */
export async function attachRoadProofImages(
  deps: { db: Database; storage: ImageStorage },
  actor: OperatorActor,
  packageId: string,
  files: { photo?: ReceivedFile; signature?: { bytes: Buffer } },
): Promise<{ trackingCode: string; photo: boolean; signature: boolean }> {
  if (!files.photo && !files.signature) throw badRequest(PROOF_IMAGE_REQUIRED);
  const images = await storeProofImages(files, deps.storage);
  let outcome: { trackingCode: string; photo: boolean; signature: boolean; former: string[] };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const pkg = await repository.findPackageById(tx, packageId);
      const proof = pkg && (await proofs.findProofOf(tx, packageId));
      if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
      if (!proof) throw notFound(NO_PROOF);
      const next = {
        photoKey: images.photoKey ?? proof.photoKey,
        photoThumbnailKey: images.photoThumbnailKey ?? proof.photoThumbnailKey,
        signatureKey: images.signatureKey ?? proof.signatureKey,
      };
      const { replaced } = await proofs.upsertProof(tx, {
        packageId,
        receivedBy: proof.receivedBy,
        ...next,
        recordedBy: proof.recordedBy,
        deliveredAt: proof.deliveredAt,
      });
      const before = replaced ?? proof;
      await recordAudit(tx, {
        actor,
        action: 'package.delivery_proof_recorded',
        target: { type: 'package', id: pkg.trackingCode },
        before: { photo: before.photoKey !== null, signature: before.signatureKey !== null },
        after: { photo: next.photoKey !== null, signature: next.signatureKey !== null },
      });
      const kept = new Set(Object.values(next));
      return {
        trackingCode: pkg.trackingCode,
        photo: next.photoKey !== null,
        signature: next.signatureKey !== null,
        former: proofImageKeys(before).filter((key) => !kept.has(key)),
      };
    });
  } catch (error) {
    await removeProofImages(images, deps.storage);
    throw error;
  }
  await removeFormerProofFiles(outcome.former, deps.storage);
  const { former: _former, ...answer } = outcome;
  return answer;
}
