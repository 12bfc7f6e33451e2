// The shapes of GET /api/admin/inbox (docs/API.md, "Customer requests and the console inbox").

export const INBOX_KINDS = ['support', 'contact', 'account'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export type InboxState = 'new' | 'handled';

/** One received request; a field its kind does not have, or that was left blank, is absent. */
export interface InboxItem {
  _id: string;
  kind: InboxKind;
  state: InboxState;
  createdAt: string;
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  category?: string;
  priority?: string;
  message?: string;
  company?: string;
  address?: string;
  city?: string;
  country?: string;
}

/** The badge text of each kind, singular. */
export const KIND_LABELS: Record<InboxKind, string> = {
  support: 'Support request',
  contact: 'Contact message',
  account: 'Account request',
};
