import type { InboxKind } from '@waybill/domain';

/** The badge text of each kind, singular. */
export const KIND_LABELS: Record<InboxKind, string> = {
  support: 'Support request',
  contact: 'Contact message',
  account: 'Account request',
};
