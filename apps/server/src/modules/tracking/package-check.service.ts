// Proving, on the tracking page, that one is a package's sender or recipient: the last four digits of
// the shipper's or the receiver's phone (docs/decisions/0049). A right answer grants, for 30 minutes, a
// signed cookie naming the package, who the visitor is and when it ends; five wrong tries of one
// package, or from one address, in an hour refuse every further try until the oldest is an hour old.
import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import {
  CHECK_DOES_NOT_MATCH,
  checkTriesUsed,
  PACKAGE_CHECK_MINUTES,
  PACKAGE_CHECK_ROLES,
  PACKAGE_CHECK_TRIES,
  type PackageCheckRole,
  phoneLast4,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { packageTarget } from '../packages/change-records.ts';
import { findPackageRowByCode } from '../packages/package-reads.service.ts';
import * as repository from './package-check.repository.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Tries are kept a little past the hour they count in. */
const KEPT_MS = 2 * HOUR_MS;

/** What a check grants: who the visitor proved to be, for which package, until when. */
export interface PackageCheck {
  trackingCode: string;
  role: PackageCheckRole;
  expiresAt: Date;
}

/** The over-budget refusal: 429 with the seconds until a try is counted again. */
export class ChecksUsedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, checkTriesUsed(Math.ceil(retryAfterSeconds / 60)));
  }
}

/**
 * One try. Counted under the code's and the address's locks; over budget, refused before the digits
 * are looked at (so the sixth try fails even when right). A code no package has is answered as wrong
 * digits are, after the same reads and writes. Every try is audited, without the digits.
 */
export async function checkPackage(
  db: Database,
  actor: AuditActor,
  try_: { trackingCode: string; phoneLast4: string; client: string },
  now = new Date(),
): Promise<PackageCheck> {
  const { trackingCode, client } = try_;
  const outcome = await db.transaction(async (tx) => {
    await repository.lockChecksOf(tx, trackingCode, client);
    const since = new Date(now.getTime() - HOUR_MS);
    const { byCode, byClient } = await repository.countWrongChecks(tx, trackingCode, client, since);
    const full = [byCode, byClient].filter((wrong) => wrong.n >= PACKAGE_CHECK_TRIES);
    const audit = (after: Record<string, string>) =>
      recordAudit(tx, { actor, action: 'package.checked', target: packageTarget(trackingCode), after });
    if (full.length > 0) {
      const freed = Math.max(...full.map((wrong) => new Date(wrong.oldest!).getTime() + HOUR_MS));
      await audit({ outcome: 'refused' });
      return { role: undefined, refusedFor: Math.max(1, Math.ceil((freed - now.getTime()) / 1000)) };
    }
    const pkg = await findPackageRowByCode(tx, trackingCode);
    const role = pkg ? roleOf(pkg, try_.phoneLast4) : undefined;
    const forgetBefore = new Date(now.getTime() - KEPT_MS);
    await repository.recordCheck(
      tx,
      { trackingCode, client, outcome: role ? 'verified' : 'wrong', at: now },
      forgetBefore,
    );
    await audit(role ? { outcome: 'verified', as: role } : { outcome: 'wrong' });
    return { role, refusedFor: undefined };
  });
  if (outcome.refusedFor !== undefined) throw new ChecksUsedError(outcome.refusedFor);
  if (!outcome.role) throw new AppError(403, CHECK_DOES_NOT_MATCH);
  return { trackingCode, role: outcome.role, expiresAt: new Date(now.getTime() + PACKAGE_CHECK_MINUTES * 60_000) };
}

/** The receiver's phone proves the recipient; the shipper's, the sender (the receiver's first when both end alike). */
function roleOf(pkg: { phone: string; receiverPhone: string }, digits: string): PackageCheckRole | undefined {
  if (phoneLast4(pkg.receiverPhone) === digits) return 'recipient';
  if (phoneLast4(pkg.phone) === digits) return 'shipper';
  return undefined;
}

const signatureOf = (key: KeyObject, check: PackageCheck) =>
  createHmac('sha256', key)
    .update(`${check.trackingCode}.${check.role}.${Math.floor(check.expiresAt.getTime() / 1000)}`)
    .digest('base64url');

/** The cookie's value: who, until when (seconds), and the signature over those and the package's code. */
export function writeCheckToken(key: KeyObject, check: PackageCheck): string {
  return `${check.role}.${Math.floor(check.expiresAt.getTime() / 1000)}.${signatureOf(key, check)}`;
}

/** The check a cookie carries for this package, while it lasts and when its signature holds; else undefined. */
export function readCheckToken(
  key: KeyObject,
  trackingCode: string,
  value: string | undefined,
  now = new Date(),
): PackageCheck | undefined {
  if (!value || value.length > 200) return undefined;
  const [role = '', seconds = '', signature = '', extra] = value.split('.');
  if (
    extra !== undefined ||
    !(PACKAGE_CHECK_ROLES as readonly string[]).includes(role) ||
    !/^\d{1,12}$/.test(seconds)
  ) {
    return undefined;
  }
  const check: PackageCheck = {
    trackingCode,
    role: role as PackageCheckRole,
    expiresAt: new Date(Number(seconds) * 1000),
  };
  const expected = Buffer.from(signatureOf(key, check));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return check.expiresAt > now ? check : undefined;
}
