import type { DeliveryAttempt } from '@waybill/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trackingSubscriptions } from '../../db/schema/index.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { insertOutboxMessages, type OutboxRow } from './outbox.repository.ts';
import type { MailContext, RenderedEmail } from './templates/index.ts';
import type { NotificationEvent } from './templates/notification-template.ts';
import {
  renderSubscriberUpdateEmail,
  renderSubscriptionConfirmEmail,
  type SubscriberUpdateContent,
  type SubscriptionConfirmContent,
  unsubscribeUrl,
} from './templates/subscriber-template.ts';

export const SUBSCRIPTION_CONFIRM_KIND = 'subscription-confirm';
const SUBSCRIBER_UPDATE_KIND = 'subscriber-update';
const SUBSCRIBER_KINDS = new Set([SUBSCRIPTION_CONFIRM_KIND, SUBSCRIBER_UPDATE_KIND]);

/**
 * The outbox row of a subscriber names the subscription, not the address: the address stays sealed
 * in tracking_subscriptions and is opened only to send, so neither the outbox nor the mail log keeps
 * it. The name also makes the row's unique key: one message per event and subscription.
 */
const recipientOf = (subscriptionId: string) => `subscription:${subscriptionId}`;

export function isSubscriberKind(kind: string): boolean {
  return SUBSCRIBER_KINDS.has(kind);
}

/**
 * Queues an update to every confirmed subscriber of a package, whatever the notify-customers setting
 * says: they asked for these e-mails themselves. Call it in the transaction of the change.
 */
export async function enqueueSubscriberUpdates(
  db: Database,
  update: {
    packageId: string;
    trackingCode: string;
    event: NotificationEvent;
    detail: string;
    attempt?: DeliveryAttempt;
    eventKey: string;
  },
): Promise<number> {
  const subscribers = await db
    .select({ id: trackingSubscriptions.id })
    .from(trackingSubscriptions)
    .where(and(eq(trackingSubscriptions.packageId, update.packageId), eq(trackingSubscriptions.status, 'confirmed')));
  return insertOutboxMessages(
    db,
    subscribers.map(({ id }) => ({
      kind: SUBSCRIBER_UPDATE_KIND,
      packageId: update.packageId,
      eventKey: update.eventKey,
      to: recipientOf(id),
      payload: {
        subscriptionId: id,
        event: update.event,
        trackingCode: update.trackingCode,
        detail: update.detail,
        ...(update.attempt && { attempt: update.attempt }),
      } satisfies SubscriberUpdateContent,
    })),
  );
}

/**
 * What the outbox keeps of a confirmation: the link sealed with a key kept out of the database, opened
 * only to send it (`link` only in rows queued before links were sealed, until the start-up pass).
 */
export type QueuedConfirmation = Omit<SubscriptionConfirmContent, 'link'> & { linkSealed?: string; link?: string };

/** Queues the confirmation link of a subscription, in the transaction that stores its token. */
export async function enqueueSubscriptionConfirmation(
  db: Database,
  keys: SubscriptionKeys,
  message: { packageId: string; content: SubscriptionConfirmContent },
): Promise<number> {
  const { link, ...content } = message.content;
  return insertOutboxMessages(db, [
    {
      kind: SUBSCRIPTION_CONFIRM_KIND,
      packageId: message.packageId,
      eventKey: `confirm:${content.tokenHash}`,
      to: recipientOf(content.subscriptionId),
      payload: { ...content, linkSealed: keys.sealLink(link) } satisfies QueuedConfirmation,
    },
  ]);
}

/** A subscriber's message ready to send, or why it is not sent (given up at once, never retried). */
type SubscriberMessage =
  | { send: true; to: string; rendered: RenderedEmail; headers?: Record<string, string>; loggedAs: string }
  | { send: false; reason: string };

/** Opens the address of a subscriber's outbox row and renders its message, if it is still wanted. */
export async function prepareSubscriberMessage(
  db: Database,
  keys: SubscriptionKeys | undefined,
  context: MailContext,
  row: Pick<OutboxRow, 'kind' | 'payload'>,
): Promise<SubscriberMessage> {
  if (!keys) return { send: false, reason: 'no key to open the address of the subscription' };
  const content = row.payload as SubscriberUpdateContent | SubscriptionConfirmContent;
  const [subscription] = await db
    .select({
      status: trackingSubscriptions.status,
      emailSealed: trackingSubscriptions.emailSealed,
      confirmTokenHash: trackingSubscriptions.confirmTokenHash,
    })
    .from(trackingSubscriptions)
    .where(eq(trackingSubscriptions.id, content.subscriptionId))
    .limit(1);
  if (!subscription) return { send: false, reason: 'the subscription no longer exists' };
  const loggedAs = `subscriber of ${content.trackingCode}`;
  if (row.kind === SUBSCRIPTION_CONFIRM_KIND) {
    const { linkSealed, link: plain, ...confirm } = content as QueuedConfirmation;
    if (subscription.status !== 'pending' || subscription.confirmTokenHash !== confirm.tokenHash) {
      return { send: false, reason: 'the link was used or replaced by a newer one before it was sent' };
    }
    const link = linkSealed ? keys.openLink(linkSealed) : plain;
    if (!link || link === SENT) return { send: false, reason: 'the message holds no link' };
    return {
      send: true,
      to: keys.open(subscription.emailSealed),
      rendered: renderSubscriptionConfirmEmail(context, { ...confirm, link }),
      loggedAs,
    };
  }
  if (subscription.status !== 'confirmed')
    return { send: false, reason: 'the address unsubscribed before it was sent' };
  const link = unsubscribeUrl(context, keys.unsubscribeToken(content.subscriptionId));
  return {
    send: true,
    to: keys.open(subscription.emailSealed),
    rendered: renderSubscriberUpdateEmail(context, content as SubscriberUpdateContent, link),
    // RFC 8058: a mail client may offer its own Unsubscribe button, which POSTs this body to the link.
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    loggedAs,
  };
}

const SENT = '(sent)';

/**
 * A confirmation sent or given up does not keep its link in the outbox, even sealed (it is a
 * credential for 48 hours).
 */
export function subscriberPayloadAfterSending(row: { kind: string; payload: unknown }): unknown {
  if (row.kind !== SUBSCRIPTION_CONFIRM_KIND) return undefined;
  const { linkSealed: _sealed, ...kept } = row.payload as QueuedConfirmation;
  return { ...kept, link: SENT };
}
