import { randomUUID } from 'node:crypto';
import {
  countOf,
  MAX_SUBSCRIBERS,
  mailboxKey,
  PACKAGE_NOT_FOUND,
  SUBSCRIBERS_FULL,
  SUBSCRIPTION_CONFIRM_HOURS,
  tooManyUpdateRequestsMessage,
  UPDATE_REQUESTS_PER_MAILBOX,
  UPDATE_REQUESTS_WINDOW_HOURS,
  updatesClosedReason,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { hashToken, isTokenShape, newToken, type SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { confirmUrl, enqueueSubscriptionConfirmation } from '../mail/index.ts';
import * as repository from './subscriptions.repository.ts';

/**
 * What text updates share with e-mail updates: the package's lock every change of its subscriptions
 * takes, and the count of requests a day for one address (a number's counted under `text:+E.164`).
 */
export { countMailboxRequest, lockPackageByCode } from './subscriptions.repository.ts';

const CONFIRM_MS = SUBSCRIPTION_CONFIRM_HOURS * 60 * 60_000;
/**
 * A request for an address still waiting for its confirmation sends a new link only once the last one
 * is this old: asking again and again cannot fill a stranger's inbox with confirmation e-mails.
 */
const CONFIRMATION_RESEND_AFTER_MS = 5 * 60_000;

const MAILBOX_RULE = { max: UPDATE_REQUESTS_PER_MAILBOX, windowMs: UPDATE_REQUESTS_WINDOW_HOURS * 3_600_000 };

/** "40 seconds", "12 minutes", "3 hours": a wait in the words of a refusal. */
function describeWait(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return countOf(amount, unit, `${unit}s`);
}

/** A request refused because its mailbox was asked for too often; `retryAfterSeconds` is the time left. */
export class TooManyUpdateRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, tooManyUpdateRequestsMessage(describeWait(retryAfterSeconds)));
  }
}

export interface SubscriptionDeps {
  db: Database;
  keys: SubscriptionKeys;
  /** PUBLIC_URL: where the confirmation link leads. */
  publicUrl: string;
}

const packageTarget = (trackingCode: string) => ({ type: 'package', id: trackingCode }) as const;

/**
 * Asks for a package's updates at `email`. New (or unsubscribed) addresses get a confirmation link
 * (valid 48 hours) through the outbox; an address already confirmed gets nothing, and one waiting for
 * its confirmation a new link at most every five minutes. The caller answers the same whatever
 * happened. 404 for an unknown code (tracking answers that too), 409 for a delivered or rejected
 * package (it will not move again) and when five addresses are confirmed (whichever address asks: the
 * refusal tells nothing about it), 429 once its mailbox (plus-address and dot variants counted as one)
 * was asked for UPDATE_REQUESTS_PER_MAILBOX times in the window, whatever the package. Every accepted
 * request counts, whether or not it sends mail, so the count tells nothing about the address either.
 */
export async function requestUpdates(
  deps: SubscriptionDeps,
  actor: AuditActor,
  trackingCode: string,
  email: string,
  now = new Date(),
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const pkg = await repository.lockPackageByCode(tx, trackingCode);
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    const closed = updatesClosedReason(pkg.status);
    if (closed) throw conflict(closed);
    if ((await repository.countConfirmed(tx, pkg.id)) >= MAX_SUBSCRIBERS) throw conflict(SUBSCRIBERS_FULL);
    const mailbox = await repository.countMailboxRequest(tx, deps.keys.hashEmail(mailboxKey(email)), now, MAILBOX_RULE);
    if (!mailbox.counted) {
      throw new TooManyUpdateRequestsError(
        Math.max(1, Math.ceil((mailbox.windowEndsAt.getTime() - now.getTime()) / 1000)),
      );
    }
    const emailHash = deps.keys.hashEmail(email);
    const existing = await repository.findByAddress(tx, pkg.id, emailHash);
    if (existing?.status === 'confirmed') return;
    const lastLinkAt = existing?.confirmExpiresAt ? existing.confirmExpiresAt.getTime() - CONFIRM_MS : undefined;
    if (
      existing?.status === 'pending' &&
      lastLinkAt !== undefined &&
      now.getTime() - lastLinkAt < CONFIRMATION_RESEND_AFTER_MS
    ) {
      return;
    }

    const token = newToken();
    const tokenHash = hashToken(token);
    const pending = {
      status: 'pending',
      emailSealed: deps.keys.seal(email.trim()),
      confirmTokenHash: tokenHash,
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_MS),
    };
    const id = existing?.id ?? randomUUID();
    if (existing) {
      await repository.updateSubscription(tx, id, pending);
    } else {
      await repository.insertSubscription(tx, {
        id,
        packageId: pkg.id,
        emailHash,
        unsubscribeTokenHash: hashToken(deps.keys.unsubscribeToken(id)),
        createdAt: now,
        ...pending,
      });
    }
    await enqueueSubscriptionConfirmation(tx, deps.keys, {
      packageId: pkg.id,
      content: {
        subscriptionId: id,
        trackingCode: pkg.trackingCode,
        link: confirmUrl({ publicUrl: deps.publicUrl }, token),
        tokenHash,
      },
    });
    await recordAudit(tx, { actor, action: 'package.updates_requested', target: packageTarget(pkg.trackingCode) });
  });
}

/** What a link did, for its small page: the outcome and the package it is about. */
export type LinkOutcome =
  | { kind: 'confirm-offered'; trackingCode: string; token: string }
  | { kind: 'confirmed'; trackingCode: string; unsubscribeToken: string }
  | { kind: 'already-confirmed'; trackingCode: string }
  | { kind: 'unsubscribe-offered'; trackingCode: string; token: string }
  | { kind: 'unsubscribed'; trackingCode: string }
  | { kind: 'invalid' }
  | { kind: 'expired'; trackingCode: string }
  | { kind: 'full'; trackingCode: string };

/**
 * What the confirmation link's page offers (GET changes nothing: mail scanners and previews open
 * links): a button that posts, or what became of the link (already confirmed, unsubscribed since,
 * expired, unknown).
 */
export async function describeConfirmation(
  deps: SubscriptionDeps,
  token: string,
  now = new Date(),
): Promise<LinkOutcome> {
  if (!isTokenShape(token)) return { kind: 'invalid' };
  const subscription = await repository.findByTokenHash(deps.db, 'confirm', hashToken(token));
  if (!subscription) return { kind: 'invalid' };
  const { trackingCode } = subscription;
  if (subscription.status === 'confirmed') return { kind: 'already-confirmed', trackingCode };
  if (subscription.status === 'unsubscribed') return { kind: 'unsubscribed', trackingCode };
  if (!subscription.confirmExpiresAt || subscription.confirmExpiresAt <= now) return { kind: 'expired', trackingCode };
  return { kind: 'confirm-offered', trackingCode, token };
}

/**
 * Confirms the address of a confirmation link (its page's button): once, within 48 hours, and only
 * while fewer than five addresses are confirmed (checked under the package's lock). The token's hash
 * stays, so the link opened again says the address is confirmed rather than that the link is unknown.
 */
export async function confirmUpdates(
  deps: SubscriptionDeps,
  actor: AuditActor,
  token: string,
  now = new Date(),
): Promise<LinkOutcome> {
  if (!isTokenShape(token)) return { kind: 'invalid' };
  return deps.db.transaction(async (tx) => {
    const found = await repository.findByTokenHash(tx, 'confirm', hashToken(token));
    if (!found) return { kind: 'invalid' } as const;
    await repository.lockPackageById(tx, found.packageId);
    // Read again under the lock: a click at the same moment may have used the token.
    const subscription = await repository.findByTokenHash(tx, 'confirm', hashToken(token));
    if (!subscription) return { kind: 'invalid' } as const;
    const { trackingCode } = subscription;
    if (subscription.status === 'confirmed') return { kind: 'already-confirmed', trackingCode } as const;
    if (subscription.status !== 'pending') return { kind: 'unsubscribed', trackingCode } as const;
    if (!subscription.confirmExpiresAt || subscription.confirmExpiresAt <= now) {
      return { kind: 'expired', trackingCode } as const;
    }
    if ((await repository.countConfirmed(tx, subscription.packageId)) >= MAX_SUBSCRIBERS) {
      return { kind: 'full', trackingCode } as const;
    }
    await repository.updateSubscription(tx, subscription.id, {
      status: 'confirmed',
      confirmedAt: now,
      confirmExpiresAt: null,
    });
    await recordAudit(tx, { actor, action: 'package.updates_confirmed', target: packageTarget(trackingCode) });
    return { kind: 'confirmed', trackingCode, unsubscribeToken: deps.keys.unsubscribeToken(subscription.id) } as const;
  });
}

/** What the unsubscribe link's page offers (GET changes nothing: mail scanners open links). */
export async function describeUnsubscribe(deps: SubscriptionDeps, token: string): Promise<LinkOutcome> {
  if (!isTokenShape(token)) return { kind: 'invalid' };
  const subscription = await repository.findByTokenHash(deps.db, 'unsubscribe', hashToken(token));
  if (!subscription) return { kind: 'invalid' };
  if (subscription.status === 'unsubscribed') return { kind: 'unsubscribed', trackingCode: subscription.trackingCode };
  return { kind: 'unsubscribe-offered', trackingCode: subscription.trackingCode, token };
}

/** Ends a subscription (the page's button, or a mail client's one-click POST); a repeat changes nothing. */
export async function unsubscribe(
  deps: SubscriptionDeps,
  actor: AuditActor,
  token: string,
  now = new Date(),
): Promise<LinkOutcome> {
  if (!isTokenShape(token)) return { kind: 'invalid' };
  return deps.db.transaction(async (tx) => {
    const subscription = await repository.findByTokenHash(tx, 'unsubscribe', hashToken(token));
    if (!subscription) return { kind: 'invalid' } as const;
    const { trackingCode } = subscription;
    if (subscription.status !== 'unsubscribed') {
      // The confirmation's hash stays: its link opened later says the address unsubscribed.
      await repository.updateSubscription(tx, subscription.id, {
        status: 'unsubscribed',
        unsubscribedAt: now,
        confirmExpiresAt: null,
      });
      await recordAudit(tx, { actor, action: 'package.updates_ended', target: packageTarget(trackingCode) });
    }
    return { kind: 'unsubscribed', trackingCode } as const;
  });
}
