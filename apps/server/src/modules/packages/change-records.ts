// What a change of a package records beside its own rows: the package events the consumers hear of, and
// the audit entries. Built here once, for the console's changes, made one at a time (packages.service.ts),
// and for the road's, written a batch at a time (road/road-changes.service.ts): what a status change or a
// location update records is the same whichever made it.
import { DELIVERED_STATUS } from '@waybill/domain';
import type { AuditActor, AuditRecord } from '../audit/audit.service.ts';
import type { NewPackageEvent } from '../events/events.service.ts';

/** The package a change is about. */
interface ChangedPackage {
  id: string;
  trackingCode: string;
}

/** A failed delivery attempt, told by the location update it adds: why, and whether it was the last one allowed. */
export interface FailedAttempt {
  reason: string;
  returning: boolean;
}

export interface ChangeRecords {
  events: NewPackageEvent[];
  audits: AuditRecord[];
}

/** The audit entry's target: a package is named by its tracking code. */
export const packageTarget = (trackingCode: string) => ({ type: 'package', id: trackingCode }) as const;

/** The package an event is about. */
export const eventTarget = (pkg: ChangedPackage) => ({ packageId: pkg.id, trackingCode: pkg.trackingCode });

/**
 * A status set: its audit entry always (the operator did set it), its events only when the status
 * changed. `since` names the state the change started from (when the package last changed), so the same
 * change sent twice at once is heard as one, while a later return to an earlier status (Shipped,
 * Processing, Shipped) is news again. `attempt`: a failed delivery attempt made it (the last one allowed).
 */
export function statusChangeRecords(
  pkg: ChangedPackage,
  actor: AuditActor,
  change: { from: string; to: string; since: Date; cause?: 'attempt' },
): ChangeRecords {
  const { from, to } = change;
  const events: NewPackageEvent[] = [];
  if (from !== to) {
    const target = { ...eventTarget(pkg), actor };
    const byAttempt = change.cause === 'attempt' && { byAttempt: true as const };
    events.push({
      type: 'package.status_changed',
      ...target,
      payload: { from, to, since: change.since.toISOString(), ...byAttempt },
    });
    if (to === DELIVERED_STATUS) events.push({ type: 'package.delivered', ...target, payload: {} });
  }
  const audits: AuditRecord[] = [
    {
      actor,
      action: 'package.status_changed',
      target: packageTarget(pkg.trackingCode),
      before: { status: from },
      after: { status: to },
    },
  ];
  return { events, audits };
}

/** What an entry keeps of a proof of delivery's images: whether each is there. */
interface ProofImages {
  photoKey: string | null;
  signatureKey: string | null;
}
const auditedProof = (proof: ProofImages) => ({
  photo: proof.photoKey !== null,
  signature: proof.signatureKey !== null,
});

/** A proof of delivery recorded (`before`: the one it replaced), or its images added or replaced. */
export function proofRecordedAudit(
  pkg: ChangedPackage,
  actor: AuditActor,
  before: ProofImages | null,
  after: ProofImages,
): AuditRecord {
  return {
    actor,
    action: 'package.delivery_proof_recorded',
    target: packageTarget(pkg.trackingCode),
    before: before && auditedProof(before),
    after: auditedProof(after),
  };
}

/** The proof of an earlier delivery, dropped as the package is Delivered again. */
export function proofRemovedAudit(pkg: ChangedPackage, actor: AuditActor, proof: ProofImages): AuditRecord {
  return {
    actor,
    action: 'package.delivery_proof_removed',
    target: packageTarget(pkg.trackingCode),
    before: auditedProof(proof),
  };
}

/**
 * A location update added, named by its id (the same place reported twice on a journey is two pieces of
 * news); a driver's failed attempt also records `package.delivery_attempted`.
 */
export function locationAddedRecords(
  pkg: ChangedPackage,
  actor: AuditActor,
  update: { id: string; location: string; timestamp: Date },
  attempt?: FailedAttempt,
): ChangeRecords {
  const target = { ...eventTarget(pkg), actor };
  const events: NewPackageEvent[] = [
    {
      type: 'package.location_added',
      ...target,
      payload: { location: update.location, updateId: update.id, ...(attempt && { attempt: true as const }) },
    },
  ];
  if (attempt) {
    events.push({
      type: 'package.delivery_attempted',
      ...target,
      payload: { updateId: update.id, at: update.timestamp.toISOString(), ...attempt },
    });
  }
  const audits: AuditRecord[] = [
    {
      actor,
      action: 'package.location_added',
      target: packageTarget(pkg.trackingCode),
      after: { location: update.location, timestamp: update.timestamp.toISOString() },
    },
  ];
  return { events, audits };
}
