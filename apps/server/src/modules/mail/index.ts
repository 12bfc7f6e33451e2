// What other modules use from mail: the shipments service queues receipts and customer notifications here.

export {
  enqueueStatusNotification,
  type NotifiedShipment,
  STATUS_NOTIFICATION_KIND,
  type StatusNotificationInput,
} from './enqueue-status-notification.ts';
export {
  enqueueSubmissionReceipt,
  type ReceiptShipment,
  SUBMISSION_RECEIPT_KIND,
} from './enqueue-submission-receipt.ts';
