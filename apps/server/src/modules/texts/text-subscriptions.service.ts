import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CANNOT_TEXT_NUMBER,
  countOf,
  maskPhoneNumber,
  PACKAGE_NOT_FOUND,
  renderText,
  TEXT_CODE_EXPIRED,
  TEXT_CODE_LENGTH,
  TEXT_CODE_LOCKED,
  TEXT_CODE_MS,
  TEXT_CODE_TRIES,
  TEXT_CODE_WRONG,
  TEXT_NUMBERS_FULL,
  TEXT_NUMBERS_PER_PACKAGE,
  type TextConfirmAnswer,
  type TextSubscribeBody,
  textUpdatesConfirmed,
  tooManyTextCodesMessage,
  UPDATE_REQUESTS_PER_MAILBOX,
  UPDATE_REQUESTS_WINDOW_HOURS,
  updatesClosedReason,
} from '@waybill/domain';
import { formatInternational, type TextCountry, type TextNumber, toE164 } from '@waybill/domain/phone-numbers';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { countMailboxRequest, lockPackageByCode } from '../subscriptions/subscriptions.service.ts';
import * as repository from './text-subscriptions.repository.ts';
import { insertText, isOptedOut } from './texts.repository.ts';

/** A number waiting for its code gets a new one only once the last is this old. */
export const TEXT_CODE_RESEND_AFTER_MS = 60_000;
const NUMBER_RULE = { max: UPDATE_REQUESTS_PER_MAILBOX, windowMs: UPDATE_REQUESTS_WINDOW_HOURS * 3_600_000 };

export interface TextSubscriptionDeps {
  db: Database;
  keys: SubscriptionKeys;
  publicUrl: string;
  companyName: string;
  /** The region of a number typed without its +code and without a country: the company phone's. */
  region: TextCountry | undefined;
}

/** A request refused because its number was sent too many codes; `retryAfterSeconds` is the time left. */
export class TooManyTextCodesError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      tooManyTextCodesMessage(
        minutes < 60 ? countOf(minutes, 'minute', 'minutes') : countOf(Math.ceil(minutes / 60), 'hour', 'hours'),
      ),
    );
  }
}

/** The number a person typed, in E.164, or the 400 that says it cannot take texts. */
function textNumberOf(deps: TextSubscriptionDeps, body: TextSubscribeBody): TextNumber {
  const number = toE164(body.phone, body.country ?? deps.region);
  if (!number?.canText) throw badRequest(CANNOT_TEXT_NUMBER, { phone: CANNOT_TEXT_NUMBER });
  return number;
}

/**
 * Whether a package's texts go to as many confirmed numbers as it takes. Checked at both steps, under
 * the package's lock. On request: a full package texts no code that could not be used (each one billed),
 * and refuses every number alike, a confirmed one too, as e-mail does, or the 409 and the 202 would tell
 * a stranger holding the tracking code whether a number follows the package; that number keeps its
 * texts. On confirmation: codes asked for while there was room may outnumber it, and only the count
 * then decides; a number already confirmed is answered its confirmation before the check, so it is never
 * refused. A refusal stores nothing: the number's daily count, its code and the audit are left as they
 * were.
 */
const isFull = async (db: Database, packageId: string) =>
  (await repository.countConfirmedTextNumbers(db, packageId)) >= TEXT_NUMBERS_PER_PACKAGE;

const newCode = () => String(randomInt(0, 10 ** TEXT_CODE_LENGTH)).padStart(TEXT_CODE_LENGTH, '0');

/**
 * Asks for a package's texts at a number: a 6-digit code is texted to it (valid 10 minutes), unless it
 * is confirmed already, had a code less than a minute ago, or replied STOP. The caller answers the same
 * whatever happened. 400 for a number that cannot take texts, 404 for an unknown code, 409 for a
 * delivered or rejected package and for one whose texts go to 5 confirmed numbers already (to every
 * number alike, those 5 too, so it tells nothing of a number), 429 once the number was asked for 5 times
 * in 24 hours (every accepted request counts, whether or not it sends a code, so the count tells nothing
 * either).
 */
export async function requestTextUpdates(
  deps: TextSubscriptionDeps,
  actor: AuditActor,
  trackingCode: string,
  body: TextSubscribeBody,
  now = new Date(),
): Promise<void> {
  const number = textNumberOf(deps, body);
  await deps.db.transaction(async (tx) => {
    const pkg = await lockPackageByCode(tx, trackingCode);
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    const closed = updatesClosedReason(pkg.status);
    if (closed) throw conflict(closed);
    if (await isFull(tx, pkg.id)) throw conflict(TEXT_NUMBERS_FULL);
    const counted = await countMailboxRequest(tx, deps.keys.hashEmail(`text:${number.e164}`), now, NUMBER_RULE);
    if (!counted.counted) {
      throw new TooManyTextCodesError(Math.max(1, Math.ceil((counted.windowEndsAt.getTime() - now.getTime()) / 1000)));
    }
    const existing = await repository.findTextSubscription(tx, pkg.id, number.e164);
    if (existing?.status === 'confirmed') return;
    if (existing?.codeSentAt && now.getTime() - existing.codeSentAt.getTime() < TEXT_CODE_RESEND_AFTER_MS) return;
    if (await isOptedOut(tx, number.e164)) return;
    const id = existing?.id ?? randomUUID();
    const code = newCode();
    const codesSent = (existing?.codesSent ?? 0) + 1;
    await repository.saveTextCode(tx, {
      id,
      packageId: pkg.id,
      number: number.e164,
      codeHash: deps.keys.hashTextCode(id, code),
      codesSent,
      now,
      expiresAt: new Date(now.getTime() + TEXT_CODE_MS),
    });
    await insertText(tx, {
      packageId: pkg.id,
      kind: 'updates_code',
      eventKey: `updates_code:${id}:${codesSent}`,
      number: number.e164,
      channel: 'sms',
      body: renderText('updates_code', {
        companyName: deps.companyName,
        link: `${deps.publicUrl}/t/${pkg.trackingCode}`,
        code,
      }),
      nextAttemptAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'package.text_updates_requested',
      target: { type: 'package', id: pkg.trackingCode },
      after: { number: maskPhoneNumber(number.e164) },
    });
  });
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Outcome = { ok: true } | { ok: false; error: AppError };

/**
 * Confirms a number with the code texted to it: then it gets the package's texts as the receiver does.
 * A wrong code counts against the code (after 5 it is void: 410), a code older than 10 minutes is
 * refused (410); a number that asked nothing is told the code is wrong, as a wrong code is. A repeat
 * after the confirmation answers the same confirmation. A package whose texts go to 5 confirmed numbers
 * takes no other (409).
 */
export async function confirmTextUpdates(
  deps: TextSubscriptionDeps,
  actor: AuditActor,
  trackingCode: string,
  body: TextSubscribeBody & { code: string },
  now = new Date(),
): Promise<TextConfirmAnswer> {
  const number = textNumberOf(deps, body);
  const wrong = () => badRequest(TEXT_CODE_WRONG, { code: TEXT_CODE_WRONG });
  // The count of a wrong code is committed, then the refusal thrown.
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const pkg = await lockPackageByCode(tx, trackingCode);
    if (!pkg) return { ok: false, error: notFound(PACKAGE_NOT_FOUND) };
    const subscription = await repository.findTextSubscription(tx, pkg.id, number.e164);
    if (!subscription) return { ok: false, error: wrong() };
    if (subscription.status === 'confirmed') return { ok: true };
    if (await isFull(tx, pkg.id)) return { ok: false, error: conflict(TEXT_NUMBERS_FULL) };
    if (subscription.wrongCodes >= TEXT_CODE_TRIES || !subscription.codeHash) {
      return { ok: false, error: new AppError(410, TEXT_CODE_LOCKED) };
    }
    if (!subscription.codeExpiresAt || subscription.codeExpiresAt <= now) {
      return { ok: false, error: new AppError(410, TEXT_CODE_EXPIRED) };
    }
    if (!sameHash(deps.keys.hashTextCode(subscription.id, body.code), subscription.codeHash)) {
      const wrongCodes = subscription.wrongCodes + 1;
      await repository.countWrongCode(tx, subscription.id, wrongCodes);
      return { ok: false, error: wrongCodes >= TEXT_CODE_TRIES ? new AppError(410, TEXT_CODE_LOCKED) : wrong() };
    }
    await repository.confirmTextSubscription(tx, subscription.id, now);
    await recordAudit(tx, {
      actor,
      action: 'package.text_updates_confirmed',
      target: { type: 'package', id: pkg.trackingCode },
      after: { number: maskPhoneNumber(number.e164) },
    });
    return { ok: true };
  });
  if (!outcome.ok) throw outcome.error;
  const international = formatInternational(number.e164);
  return { message: textUpdatesConfirmed(international), number: international };
}
