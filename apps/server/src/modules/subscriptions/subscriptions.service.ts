import { randomUUID } from 'node:crypto';
import { MAX_SUBSCRIBERS, SUBSCRIBERS_FULL, SUBSCRIPTION_CONFIRM_HOURS } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { confirmUrl, enqueueSubscriptionConfirmation } from '../mail/index.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';
import { hashToken, isTokenShape, newToken, type SubscriptionKeys } from './subscription-keys.ts';
import * as repository from './subscriptions.repository.ts';

const CONFIRM_MS = SUBSCRIPTION_CONFIRM_HOURS * 60 * 60_000;
/**
 * A request for an address still waiting for its confirmation sends a new link only once the last one
 * is this old: asking again and again cannot fill a stranger's inbox with confirmation e-mails.
 */
const CONFIRMATION_RESEND_AFTER_MS = 5 * 60_000;

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
 * happened. 404 for an unknown code (tracking answers that too), 409 when five addresses are confirmed
 * (whichever address asks: the refusal tells nothing about it).
 */
export async function requestUpdates(
  deps: SubscriptionDeps,
  actor: AuditActor,
  trackingCode: string,
  email: string,
  now = new Date(),
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const shipment = await repository.lockShipmentByCode(tx, trackingCode);
    if (!shipment) throw notFound(PACKAGE_NOT_FOUND);
    if ((await repository.countConfirmed(tx, shipment.id)) >= MAX_SUBSCRIBERS) throw conflict(SUBSCRIBERS_FULL);
    const emailHash = deps.keys.hashEmail(email);
    const existing = await repository.findByAddress(tx, shipment.id, emailHash);
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
        shipmentId: shipment.id,
        emailHash,
        unsubscribeTokenHash: hashToken(deps.keys.unsubscribeToken(id)),
        createdAt: now,
        ...pending,
      });
    }
    await enqueueSubscriptionConfirmation(tx, deps.keys, {
      shipmentId: shipment.id,
      content: {
        subscriptionId: id,
        trackingCode: shipment.trackingCode,
        link: confirmUrl({ publicUrl: deps.publicUrl }, token),
        tokenHash,
      },
    });
    await recordAudit(tx, { actor, action: 'package.updates_requested', target: packageTarget(shipment.trackingCode) });
  });
}

/** What a link did, for its small page: the outcome and the package it is about. */
export type LinkOutcome =
  | { kind: 'confirmed'; trackingCode: string; unsubscribeToken: string }
  | { kind: 'unsubscribe-offered'; trackingCode: string; token: string }
  | { kind: 'unsubscribed'; trackingCode: string }
  | { kind: 'invalid' }
  | { kind: 'expired'; trackingCode: string }
  | { kind: 'full'; trackingCode: string };

/**
 * Confirms the address of a confirmation link: once (the token is cleared), within 48 hours, and
 * only while fewer than five addresses are confirmed (checked under the package's lock).
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
    await repository.lockShipmentById(tx, found.shipmentId);
    // Read again under the lock: a click at the same moment may have used the token.
    const subscription = await repository.findByTokenHash(tx, 'confirm', hashToken(token));
    if (subscription?.status !== 'pending') return { kind: 'invalid' } as const;
    const { trackingCode } = subscription;
    if (!subscription.confirmExpiresAt || subscription.confirmExpiresAt <= now) {
      return { kind: 'expired', trackingCode } as const;
    }
    if ((await repository.countConfirmed(tx, subscription.shipmentId)) >= MAX_SUBSCRIBERS) {
      return { kind: 'full', trackingCode } as const;
    }
    await repository.updateSubscription(tx, subscription.id, {
      status: 'confirmed',
      confirmedAt: now,
      confirmTokenHash: null,
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
      await repository.updateSubscription(tx, subscription.id, {
        status: 'unsubscribed',
        unsubscribedAt: now,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
      await recordAudit(tx, { actor, action: 'package.updates_ended', target: packageTarget(trackingCode) });
    }
    return { kind: 'unsubscribed', trackingCode } as const;
  });
}
