// What other modules use from mail: the shipments service queues customer notifications here.
export {
  enqueueStatusNotification,
  type NotifiedShipment,
  type StatusNotificationInput,
} from './enqueue-status-notification.ts';
export { mailRoutes } from './mail.routes.ts';
export { createMailer, MailDeliveryError, type Mailer } from './mailer.ts';
export { type OutboxWorker, processOutbox, startOutboxWorker } from './outbox-worker.ts';
