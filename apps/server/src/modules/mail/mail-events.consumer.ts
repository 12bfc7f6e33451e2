import type { EventConsumer } from '../events/events.service.ts';
import { findPackageRow } from '../packages/package-reads.service.ts';
import { enqueueStatusNotification } from './enqueue-status-notification.ts';
import { enqueueSubmissionReceipt } from './enqueue-submission-receipt.ts';

/**
 * The customers' e-mails, from the package events: the shipper's receipt of a submission, and the
 * notifications of a decision, a status and a location to the shipper, the receiver (when the console's
 * setting is on) and the confirmed subscribers. They are queued to the outbox, which sends them. A
 * package deleted before its event was handled has nobody left to write to.
 *
 * A driver's failed delivery attempt is one e-mail to the subscribers and, when the setting is on, the
 * shipper (docs/decisions/0044): its location update sends none of its own, and the Returning to sender
 * a last attempt sets is told by the attempt's e-mail, so its status e-mail goes to the receiver alone.
 *
 * A change of the delivery choices made on the tracking page goes to the other party only, when the
 * setting is on (docs/decisions/0049): the recipient's to the shipper, the sender's to the receiver.
 *
 * A business account's shipment (portal, /api/v1 or an import) gets no receipt: the account is given
 * its code at once (the portal's answer, the API's, the import's list) and sees it in the portal, and
 * one import would otherwise mail the account up to 500 receipts.
 */
export const mailEventConsumer: EventConsumer = {
  name: 'mail',
  skips: (event, accountId) =>
    event.type === 'package.deleted' ||
    event.type === 'package.delivered' ||
    (event.type === 'package.submitted' && accountId !== null),
  async handle(tx, event) {
    if (event.type === 'package.deleted' || event.type === 'package.delivered') return;
    const pkg = await findPackageRow(tx, event.packageId);
    if (!pkg) return;
    switch (event.type) {
      case 'package.submitted':
        if (pkg.accountId === null) await enqueueSubmissionReceipt(tx, pkg);
        return;
      case 'package.accepted':
        await enqueueStatusNotification(tx, { pkg, event: 'accepted' });
        return;
      case 'package.rejected':
        await enqueueStatusNotification(tx, { pkg, event: 'rejected' });
        return;
      case 'package.status_changed': {
        const { to, since, byAttempt } = event.payload;
        await enqueueStatusNotification(tx, {
          pkg,
          event: 'status',
          detail: to,
          key: `status:${since}:${to}`,
          ...(byAttempt && { customers: 'receiver', subscribers: false }),
        });
        return;
      }
      case 'package.delivery_attempted': {
        const { updateId, at, reason, returning } = event.payload;
        await enqueueStatusNotification(tx, {
          pkg,
          event: 'attempt',
          detail: reason,
          attempt: { at, reason, returning },
          key: `attempt:${updateId}`,
          customers: 'shipper',
        });
        return;
      }
      case 'package.preferences_changed': {
        // To the other party only: the recipient's change to the shipper, the sender's to the receiver.
        const { by, at, deliveryDay } = event.payload;
        await enqueueStatusNotification(tx, {
          pkg,
          event: 'preferences',
          detail: by,
          ...(deliveryDay && { deliveryDay }),
          key: `preferences:${at}`,
          customers: by === 'recipient' ? 'shipper' : 'receiver',
          subscribers: false,
        });
        return;
      }
      case 'package.location_added': {
        const { location, updateId, attempt } = event.payload;
        if (attempt) return;
        await enqueueStatusNotification(tx, {
          pkg,
          event: 'location',
          detail: location,
          key: `location:${updateId}`,
        });
        return;
      }
    }
  },
};
