import { randomUUID } from 'node:crypto';
import {
  DELIVERED_STATUS,
  NO_PROOF,
  OUT_FOR_DELIVERY_STATUS,
  PACKAGE_NOT_FOUND,
  PROOF_IMAGE_REQUIRED,
  RETURNING_STATUS,
} from '@waybill/domain';
import type { Database } from '../../../db/client.ts';
import type { deliveryProofs } from '../../../db/schema/index.ts';
import { badRequest, notFound } from '../../../errors.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import { type AuditRecord, type OperatorActor, recordAudit, recordAudits } from '../../audit/audit.service.ts';
import { type NewPackageEvent, recordPackageEvents } from '../../events/events.service.ts';
import {
  type FailedAttempt,
  locationAddedRecords,
  proofRecordedAudit,
  proofRemovedAudit,
  statusChangeRecords,
} from '../change-records.ts';
import * as repository from '../packages.repository.ts';
import * as proofs from '../proof/delivery-proof.repository.ts';
import {
  proofImageKeys,
  removeFormerProofFiles,
  removeProofImages,
  storeProofImages,
} from '../proof/delivery-proof-images.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';
import * as roadRepository from './road-changes.repository.ts';

// What a driver's events do to packages, a batch of them at a time inside the caller's transaction (the
// one that stores the events): the packages are locked and read once, each change is made to them in
// memory as it comes (so the next event of the batch sees it), and what the changes write is written
// at the end, set-based: the console's own status change and location update, each with its package
// event and audit entry, with the driver as actor and the time on the road where the change keeps one.

export type RoadPackage = repository.PackageRow;

type Step =
  | { kind: 'status'; pkg: RoadPackage; from: string; to: string; since: Date; cause?: 'attempt' }
  | { kind: 'location'; pkg: RoadPackage; id: string; location: string; at: Date; attempt?: FailedAttempt }
  | { kind: 'proof'; pkg: RoadPackage; receivedBy: string; at: Date };

/** The changes of one batch of road events. */
export interface RoadBatch {
  /** The package with this code as the batch's changes left it; undefined when there is none. */
  packageOf(trackingCode: string): RoadPackage | undefined;
  /** Loaded or out for delivery: Out for Delivery (unless it is already), and a location update at the depot. */
  sendOutForDelivery(pkg: RoadPackage, depotLocation: string, at: Date): RoadPackage;
  /**
   * Delivered, with a proof naming who received it at the time on the road (no photo or signature; an
   * earlier proof goes, as with every change to Delivered). A Delivered package takes no other change.
   */
  deliver(pkg: RoadPackage, receivedBy: string, at: Date): RoadPackage;
  /**
   * A failed attempt: a location update "Delivery attempted: REASON" at the time on the road, which keeps
   * the reason and records the attempt's own event, and Returning to sender when it is the last attempt
   * allowed.
   */
  recordFailedAttempt(pkg: RoadPackage, reason: string, at: Date, lastAttempt: boolean): RoadPackage;
  /** Writes what the changes did; answers the files of the proofs they ended, to remove after the commit. */
  write(): Promise<string[]>;
}

/** Locks the packages with these codes (unknown ones are left out) for a batch of changes by `actor`. */
export async function openRoadBatch(tx: Database, actor: OperatorActor, trackingCodes: string[]): Promise<RoadBatch> {
  const current = new Map(
    (await roadRepository.lockPackagesByCodes(tx, [...new Set(trackingCodes)])).map((pkg) => [pkg.trackingCode, pkg]),
  );
  const steps: Step[] = [];
  const keep = (pkg: RoadPackage) => {
    current.set(pkg.trackingCode, pkg);
    return pkg;
  };
  const setStatus = (pkg: RoadPackage, status: string, cause?: 'attempt') => {
    if (pkg.status === status) return pkg;
    steps.push({ kind: 'status', pkg, from: pkg.status, to: status, since: pkg.updatedAt, cause });
    return keep({ ...pkg, status, updatedAt: new Date() });
  };
  const addLocation = (pkg: RoadPackage, location: string, at: Date, attempt?: FailedAttempt) => {
    steps.push({ kind: 'location', pkg, id: randomUUID(), location, at, attempt });
    return keep({ ...pkg, updatedAt: new Date() });
  };
  return {
    packageOf: (trackingCode) => current.get(trackingCode),
    sendOutForDelivery(pkg, depotLocation, at) {
      if (pkg.status === OUT_FOR_DELIVERY_STATUS) return pkg;
      return addLocation(setStatus(pkg, OUT_FOR_DELIVERY_STATUS), depotLocation, at);
    },
    deliver(pkg, receivedBy, at) {
      const delivered = setStatus(pkg, DELIVERED_STATUS);
      steps.push({ kind: 'proof', pkg, receivedBy, at });
      return delivered;
    },
    recordFailedAttempt(pkg, reason, at, lastAttempt) {
      const attempted = addLocation(pkg, `Delivery attempted: ${reason}`, at, { reason, returning: lastAttempt });
      return lastAttempt ? setStatus(attempted, RETURNING_STATUS, 'attempt') : attempted;
    },
    write: () => writeSteps(tx, actor, steps, [...current.values()]),
  };
}

/**
 * The steps' rows, one statement a table: what changePackageStatusRow, addLocationUpdateRow and a
 * recorded proof write one at a time, in the order the steps were taken.
 */
async function writeSteps(tx: Database, actor: OperatorActor, steps: Step[], after: RoadPackage[]): Promise<string[]> {
  if (steps.length === 0) return [];
  const delivered = steps.filter((step) => step.kind === 'status' && step.to === DELIVERED_STATUS);
  const ended = new Map(
    (await roadRepository.deleteProofsOf(tx, [...new Set(delivered.map((step) => step.pkg.id))])).map((proof) => [
      proof.packageId,
      proof,
    ]),
  );
  const events: NewPackageEvent[] = [];
  const entries: AuditRecord[] = [];
  const locations: Parameters<typeof roadRepository.insertLocationUpdates>[1] = [];
  const proofRows: (typeof deliveryProofs.$inferInsert)[] = [];
  const add = (records: { events: NewPackageEvent[]; audits: AuditRecord[] }) => {
    events.push(...records.events);
    entries.push(...records.audits);
  };
  for (const step of steps) {
    if (step.kind === 'status') {
      add(statusChangeRecords(step.pkg, actor, { from: step.from, to: step.to, since: step.since, cause: step.cause }));
      const proof = step.to === DELIVERED_STATUS ? ended.get(step.pkg.id) : undefined;
      if (proof) entries.push(proofRemovedAudit(step.pkg, actor, proof));
    } else if (step.kind === 'location') {
      const update = { id: step.id, location: step.location, timestamp: step.at };
      locations.push({ ...update, packageId: step.pkg.id, attemptReason: step.attempt?.reason ?? null });
      add(locationAddedRecords(step.pkg, actor, update, step.attempt));
    } else {
      proofRows.push({
        packageId: step.pkg.id,
        receivedBy: step.receivedBy,
        photoKey: null,
        photoThumbnailKey: null,
        signatureKey: null,
        recordedBy: actor.id,
        deliveredAt: step.at,
      });
      entries.push(proofRecordedAudit(step.pkg, actor, null, { photoKey: null, signatureKey: null }));
    }
  }
  const changed = new Set(steps.map((step) => step.pkg.id));
  await roadRepository.updatePackages(
    tx,
    after.filter((pkg) => changed.has(pkg.id)),
  );
  await roadRepository.insertLocationUpdates(tx, locations);
  await roadRepository.insertProofs(tx, proofRows);
  await recordPackageEvents(tx, events);
  await recordAudits(tx, entries);
  return [...ended.values()].flatMap(proofImageKeys);
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
      await recordAudit(tx, proofRecordedAudit(pkg, actor, before, next));
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
