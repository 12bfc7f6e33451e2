import {
  canRecordDelivery,
  DECIDE_FIRST,
  DELIVERED_STATUS,
  type DeliveryProof,
  deliveryProofFieldsSchema,
  NO_PROOF,
  NO_PROOF_IMAGE,
  PACKAGE_NOT_FOUND,
  type PackageAnswer,
  PENDING_STATUS,
  type ProofImageKind,
  REJECTED_NOT_DELIVERED,
} from '@waybill/domain';
import type { Database } from '../../../db/client.ts';
import { conflict, notFound, validationError } from '../../../errors.ts';
import { type OperatorActor, recordAudit } from '../../audit/audit.service.ts';
import { proofRecordedAudit } from '../change-records.ts';
import { getPackage } from '../package-reads.service.ts';
import { findPackageByCode } from '../packages.repository.ts';
import { changePackageStatusRow, type PackageDeps } from '../packages.service.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';
import * as proofs from './delivery-proof.repository.ts';
import {
  proofImageKeys,
  removeFormerProofFiles,
  removeProofImages,
  storeProofImages,
} from './delivery-proof-images.ts';

export interface ProofSteps<Replay> {
  /** Claims the Idempotency-Key once the fields are valid: the first answer when this is a repeat. */
  claimKey(): Promise<Replay | undefined>;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

const proofImagePath = (trackingCode: string, kind: ProofImageKind) =>
  `/api/admin/packages/${encodeURIComponent(trackingCode)}/proof/${kind}`;

function proofView(trackingCode: string, row: proofs.DeliveryProofRow): DeliveryProof {
  return {
    trackingCode,
    receivedBy: row.receivedBy,
    deliveredAt: row.deliveredAt.toISOString(),
    photoUrl: row.photoKey ? proofImagePath(trackingCode, 'photo') : null,
    photoThumbnailUrl: row.photoThumbnailKey ? proofImagePath(trackingCode, 'thumbnail') : null,
    signatureUrl: row.signatureKey ? proofImagePath(trackingCode, 'signature') : null,
  };
}

/**
 * Records who received a package, with an optional photo and signature, and sets it Delivered: the
 * fields are checked, the key claimed, the images stored, then one transaction makes the status change
 * (the console's own, with its rule, customer notification and audit entry) and writes the proof and
 * its audit entry. A refusal or failure removes the images again; a replaced proof's files go after
 * the commit.
 */
export async function recordDeliveryProof<Replay>(
  deps: PackageDeps,
  actor: OperatorActor,
  received: { fields: Record<string, string>; photo?: ReceivedFile; signature?: { bytes: Buffer } },
  steps: ProofSteps<Replay>,
): Promise<{ replay: Replay } | { delivered: PackageAnswer }> {
  const input = deliveryProofFieldsSchema.safeParse(received.fields);
  if (!input.success) throw validationError(input.error.issues);
  const { trackingCode, receivedBy } = input.data;
  // Refused before any image is decoded: the same answers the status change gives, and a clear one
  // for a package that never travelled.
  const pkg = await findPackageByCode(deps.db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  if (!canRecordDelivery(pkg.status)) {
    throw conflict(pkg.status === PENDING_STATUS ? DECIDE_FIRST : REJECTED_NOT_DELIVERED);
  }
  const replay = await steps.claimKey();
  if (replay !== undefined) return { replay };

  const images = await storeProofImages(received, deps.storage);
  let formerFiles: string[];
  try {
    formerFiles = await deps.db.transaction(async (tx) => {
      // Checked again under the change itself: the status may have moved since the first look.
      const current = await findPackageByCode(tx, trackingCode);
      if (current && current.status !== PENDING_STATUS && !canRecordDelivery(current.status)) {
        throw conflict(REJECTED_NOT_DELIVERED);
      }
      // Set Delivered again after it had moved on, the change ends the earlier delivery's proof itself.
      const { pkg: delivered, endedProofFiles } = await changePackageStatusRow(
        tx,
        actor,
        trackingCode,
        DELIVERED_STATUS,
      );
      const written = await proofs.upsertProof(tx, {
        packageId: delivered.id,
        receivedBy,
        ...images,
        recordedBy: actor.id,
        deliveredAt: new Date(),
      });
      await recordAudit(tx, proofRecordedAudit(delivered, actor, written.replaced ?? null, written.proof));
      return [...endedProofFiles, ...(written.replaced ? proofImageKeys(written.replaced) : [])];
    });
  } catch (error) {
    await removeProofImages(images, deps.storage);
    throw error;
  }
  if (!(await removeFormerProofFiles(formerFiles, deps.storage))) {
    steps.log.warn({}, 'some files of a replaced proof of delivery could not be removed; the sweep at start will');
  }
  steps.log.info(
    { trackingCode, photo: images.photoKey !== null, signature: images.signatureKey !== null },
    'proof of delivery recorded',
  );
  return { delivered: await getPackage(deps, trackingCode) };
}

async function requireProof(deps: PackageDeps, trackingCode: string) {
  const pkg = await findPackageByCode(deps.db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const proof = await proofs.findProofOf(deps.db, pkg.id);
  if (!proof) throw notFound(NO_PROOF);
  return { pkg, proof };
}

/**
 * A package's proof of delivery as operators see it, or null when it has none (most packages: an
 * answer, not an error); only an unknown package is a 404.
 */
/** The package's proof with its shipper's e-mail, for the delivery e-mail; undefined without one. */
export async function findProofForMail(db: Database, packageId: string) {
  return proofs.findProofByPackageId(db, packageId);
}

export async function getDeliveryProof(deps: PackageDeps, trackingCode: string): Promise<DeliveryProof | null> {
  const pkg = await findPackageByCode(deps.db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const proof = await proofs.findProofOf(deps.db, pkg.id);
  return proof ? proofView(pkg.trackingCode, proof) : null;
}

/** The bytes of one of a proof's images, with their type. */
export async function readProofImage(
  deps: PackageDeps,
  trackingCode: string,
  kind: ProofImageKind,
): Promise<{ bytes: Buffer; contentType: string }> {
  const { proof } = await requireProof(deps, trackingCode);
  const key = { photo: proof.photoKey, thumbnail: proof.photoThumbnailKey, signature: proof.signatureKey }[kind];
  if (!key) throw notFound(NO_PROOF_IMAGE);
  let bytes: Buffer;
  try {
    bytes = await deps.storage.read(key);
  } catch {
    throw notFound(NO_PROOF_IMAGE);
  }
  return { bytes, contentType: kind === 'signature' ? 'image/png' : 'image/webp' };
}
