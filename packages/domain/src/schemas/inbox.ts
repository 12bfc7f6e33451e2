import { z } from 'zod';
import { pageQueryFields } from './paging.ts';

/** What reaches the console's inbox: support requests, home contact messages and account requests. */
export const INBOX_KINDS = ['support', 'contact', 'account'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** What each kind of inbox item is called, singular. */
export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  support: 'Support request',
  contact: 'Contact message',
  account: 'Account request',
};
export const INBOX_STATES = ['new', 'handled'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const INBOX_PAGE_SIZE = 20;

const inboxStateSchema = z.enum(INBOX_STATES, { error: 'state must be new or handled' });

/** GET /api/admin/inbox: a page, optionally of one kind and one state. */
export const inboxListQuerySchema = z.object({
  ...pageQueryFields(INBOX_PAGE_SIZE),
  kind: z.enum(INBOX_KINDS, { error: 'kind must be support, contact or account' }).optional(),
  state: inboxStateSchema.optional(),
});
export type InboxListQuery = z.input<typeof inboxListQuerySchema>;

/** PATCH /api/admin/inbox/{id}: marks an item handled, or new again. */
export const inboxStateChangeSchema = z.object({ state: inboxStateSchema });

// The answer's schema is also the server's last guard: a field not listed here (the password hash of
// an account request) cannot be sent.
const detail = z.string().optional();

/** One received item; a field its kind does not have, or that was left blank, is absent. */
export const inboxItemSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(INBOX_KINDS),
    state: z.enum(INBOX_STATES),
    createdAt: z.iso.datetime(),
    name: z.string(),
    email: z.string(),
    phone: detail.describe('support, account'),
    subject: detail.describe('support'),
    category: detail.describe('support'),
    priority: detail.describe('support'),
    message: detail.describe('support, contact'),
    company: detail.describe('account'),
    address: detail.describe('account'),
    city: detail.describe('account'),
    country: detail.describe('account'),
  })
  .meta({ id: 'InboxItem' });
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** GET /api/admin/inbox-stats: how many items are still new, in all and per kind. */
export const inboxStatsSchema = z.object({
  new: z.number(),
  byKind: z.object({ support: z.number(), contact: z.number(), account: z.number() }),
});
export type InboxStats = z.infer<typeof inboxStatsSchema>;
