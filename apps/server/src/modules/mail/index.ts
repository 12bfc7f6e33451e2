// What other modules use from mail: the packages service queues receipts and customer notifications
// here, the team service operators' invitation and reset links, the subscriptions service the
// confirmation links of e-mail updates, the webhooks the notice of an endpoint turned off.

export {
  ACCOUNT_INVITATION_KIND,
  enqueueAccountLink,
  enqueueOperatorLink,
  OPERATOR_INVITATION_KIND,
  PASSWORD_RESET_KIND,
} from './enqueue-operator-link.ts';
export {
  enqueueStatusNotification,
  type NotifiedPackage,
  STATUS_NOTIFICATION_KIND,
  type StatusNotificationInput,
} from './enqueue-status-notification.ts';
export {
  enqueueSubmissionReceipt,
  type ReceiptPackage,
  SUBMISSION_RECEIPT_KIND,
} from './enqueue-submission-receipt.ts';
export { enqueueWebhookDisabled, WEBHOOK_DISABLED_KIND } from './enqueue-webhook-disabled.ts';
export { enqueueSubscriptionConfirmation } from './subscriber-mail.ts';
export type { AccountLinkContent, OperatorLinkContent } from './templates/operator-link-template.ts';
export { confirmUrl } from './templates/subscriber-template.ts';
