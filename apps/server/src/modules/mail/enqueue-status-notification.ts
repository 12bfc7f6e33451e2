import { DELIVERED_STATUS, type DeliveryAttempt } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { insertOutboxMessages, type NewOutboxRow, readNotifyCustomers } from './outbox.repository.ts';
import { enqueueSubscriberUpdates } from './subscriber-mail.ts';
import type { NotificationContent, NotificationEvent } from './templates/index.ts';

export const STATUS_NOTIFICATION_KIND = 'status-notification';

/** The package fields a notification needs (a row of the packages table fits). */
export interface NotifiedPackage {
  id: string;
  trackingCode: string;
  name: string;
  email: string;
  receiverName: string;
  receiverEmail: string;
}

export interface StatusNotificationInput {
  pkg: NotifiedPackage;
  event: NotificationEvent;
  /** The new status (`status`), the new location (`location`) or the reason (`attempt`); ignored otherwise. */
  detail?: string;
  /** For `attempt`: the failed delivery attempt. */
  attempt?: DeliveryAttempt;
  /** For `preferences`: the package's new delivery day (YYYY-MM-DD) when it changed. */
  deliveryDay?: string;
  /**
   * Who of the shipper and the receiver is written when the notify-customers setting is on: both (the
   * default), the shipper alone, or the receiver alone and only at an address of their own (the shipper
   * heard of it otherwise). `subscribers: false` leaves the confirmed subscribers out.
   */
  customers?: 'both' | 'shipper' | 'receiver';
  subscribers?: boolean;
  /**
   * What makes this event distinct, so enqueueing it again sends nothing twice. Defaults to the event
   * and its detail; pass e.g. a location update's id when the same text may legitimately repeat.
   */
  key?: string;
}

function eventKeyOf(input: StatusNotificationInput): string {
  if (input.key) return input.key;
  return input.event === 'accepted' || input.event === 'rejected'
    ? input.event
    : `${input.event}:${input.detail ?? ''}`;
}

/**
 * Queues a notification to the shipper and the receiver about a change to their package, when the
 * console's "notify customers" setting is on, and to the package's confirmed e-mail subscribers
 * whatever the setting says (they asked for it). Call it inside the transaction that makes the change:
 * the message then exists exactly when the change does, and the outbox worker sends it later.
 * Returns how many messages were queued (0 when there is nobody, or when this event was queued before).
 */
export async function enqueueStatusNotification(db: Database, input: StatusNotificationInput): Promise<number> {
  const { pkg } = input;
  const eventKey = eventKeyOf(input);
  const attempt = input.attempt ? { attempt: input.attempt } : {};
  const toSubscribers =
    input.subscribers === false
      ? 0
      : await enqueueSubscriberUpdates(db, {
          packageId: pkg.id,
          trackingCode: pkg.trackingCode,
          event: input.event,
          detail: input.detail ?? '',
          ...attempt,
          eventKey,
        });
  if (!(await readNotifyCustomers(db))) return toSubscribers;
  const customers = input.customers ?? 'both';
  const shipper = pkg.email.trim().toLowerCase();
  const recipients = new Map<string, string>();
  for (const [email, name, included] of [
    [pkg.email, pkg.name, customers !== 'receiver'],
    [pkg.receiverEmail, pkg.receiverName, customers !== 'shipper'],
  ] as const) {
    const address = email.trim().toLowerCase();
    if (!included || address === '' || recipients.has(address)) continue;
    if (customers === 'receiver' && address === shipper) continue;
    recipients.set(address, name);
  }
  // The delivery e-mail asks its shipper and receiver (not the subscribers) to rate it.
  const rateOf = (to: string) =>
    input.event === 'status' && input.detail === DELIVERED_STATUS
      ? { rate: to === shipper ? ('shipper' as const) : ('recipient' as const) }
      : {};
  const rows: NewOutboxRow[] = [...recipients].map(([to, recipientName]) => ({
    kind: STATUS_NOTIFICATION_KIND,
    packageId: pkg.id,
    eventKey,
    to,
    payload: {
      event: input.event,
      trackingCode: pkg.trackingCode,
      recipientName,
      detail: input.detail ?? '',
      ...attempt,
      ...(input.deliveryDay && { deliveryDay: input.deliveryDay }),
      ...rateOf(to),
    } satisfies NotificationContent,
  }));
  return toSubscribers + (await insertOutboxMessages(db, rows));
}
