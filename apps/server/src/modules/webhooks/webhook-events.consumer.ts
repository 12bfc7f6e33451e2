import type { WebhookEventType, WebhookPayload } from '@waybill/domain';
import type { EventConsumer, PackageEvent, PackageEventType } from '../events/events.service.ts';
import { findPackageRow } from '../packages/package-reads.service.ts';
import { insertDeliveries, subscribedEndpoints } from './webhooks.repository.ts';

/** The package events a business account's endpoints hear, by the name they hear them under. */
const WEBHOOK_EVENT_OF: Partial<Record<PackageEventType, WebhookEventType>> = {
  'package.submitted': 'shipment.created',
  'package.accepted': 'shipment.accepted',
  'package.rejected': 'shipment.rejected',
  'package.status_changed': 'shipment.status_changed',
  'package.location_added': 'shipment.location_added',
  'package.delivery_attempted': 'shipment.delivery_attempted',
  'package.delivered': 'shipment.delivered',
};

/** The body every endpoint gets for an event: its type, when it happened, the tracking code and what the event says. */
export function webhookPayloadOf(event: PackageEvent, type: WebhookEventType): WebhookPayload {
  return {
    type,
    timestamp: event.occurredAt.toISOString(),
    data: { trackingCode: event.trackingCode, ...event.payload },
  };
}

/**
 * Webhooks of business accounts: an event of a package shipped by an account (`account_id` set) becomes
 * one delivery for each of the account's endpoints that is on and takes its type, written in the
 * event's transaction; the webhook sender makes the calls.
 */
export const webhookEventConsumer: EventConsumer = {
  name: 'webhooks',
  skips: (event, accountId) => accountId === null || WEBHOOK_EVENT_OF[event.type] === undefined,
  async handle(tx, event) {
    const type = WEBHOOK_EVENT_OF[event.type];
    if (!type) return;
    const pkg = await findPackageRow(tx, event.packageId);
    if (!pkg?.accountId) return;
    const endpoints = await subscribedEndpoints(tx, pkg.accountId, type);
    const payload = webhookPayloadOf(event, type);
    await insertDeliveries(
      tx,
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventId: event.id,
        eventType: type,
        packageId: event.packageId,
        trackingCode: event.trackingCode,
        payload,
      })),
    );
  },
};
