import type { AccountRequest, ContactMessage, SupportRequest } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { notFound } from '../../errors.ts';
import { hashPassword } from '../auth/password.ts';
import * as repository from './inbox.repository.ts';

export const INBOX_KINDS = ['support', 'contact', 'account'] as const;
export const INBOX_STATES = ['new', 'handled'] as const;
export const INBOX_ITEM_NOT_FOUND = 'Inbox item not found';

// The fields of `details` each kind stores, in the order the console shows them.
const DETAIL_FIELDS = ['subject', 'category', 'priority', 'company', 'address', 'city', 'country'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** One received item as the console reads it; a field a kind does not have, or left blank, is absent. */
export type InboxItem = {
  _id: string;
  kind: repository.InboxKind;
  state: repository.InboxState;
  createdAt: string;
  name: string;
  email: string;
  phone?: string;
  message?: string;
} & Partial<Record<DetailField, string>>;

function toInboxItem(row: repository.InboxRow): InboxItem {
  const item: InboxItem = {
    _id: row.id,
    kind: row.kind as repository.InboxKind,
    state: row.state as repository.InboxState,
    createdAt: row.createdAt.toISOString(),
    name: row.name,
    email: row.email,
  };
  if (row.phone) item.phone = row.phone;
  if (row.message) item.message = row.message;
  for (const field of DETAIL_FIELDS) {
    const value = row.details[field];
    if (typeof value === 'string' && value !== '') item[field] = value;
  }
  return item;
}

export async function receiveSupportRequest(db: Database, request: SupportRequest): Promise<{ id: string }> {
  const { name, email, phone, subject, category, priority, message } = request;
  const id = await repository.insertInboxItem(db, {
    kind: 'support',
    name,
    email,
    phone,
    message,
    details: { subject, category, priority },
  });
  return { id };
}

/** The home form accepts anything (SPEC §5), blank fields included; the schema only bounds lengths. */
export async function receiveContactMessage(db: Database, contact: ContactMessage): Promise<{ id: string }> {
  const id = await repository.insertInboxItem(db, {
    kind: 'contact',
    name: contact.name,
    email: contact.email,
    message: contact.message,
  });
  return { id };
}

/** The password is kept only as a scrypt hash, for when the account is set up; no answer carries it. */
export async function receiveAccountRequest(db: Database, request: AccountRequest): Promise<{ id: string }> {
  const { name, email, phone, address, company, city, country, password } = request;
  const id = await repository.insertInboxItem(db, {
    kind: 'account',
    name,
    email,
    phone,
    details: { company, address, city, country },
    passwordHash: await hashPassword(password),
  });
  return { id };
}

export async function listInbox(
  db: Database,
  query: repository.InboxFilter & { page: number; pageSize: number },
): Promise<{ items: InboxItem[]; total: number }> {
  const filter = { kind: query.kind, state: query.state };
  const [rows, total] = await Promise.all([
    repository.findInboxPage(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repository.countInboxItems(db, filter),
  ]);
  return { items: rows.map(toInboxItem), total };
}

export async function changeInboxItemState(db: Database, id: string, state: repository.InboxState): Promise<InboxItem> {
  const row = isUuid(id) ? await repository.updateInboxItemState(db, id, state) : undefined;
  if (!row) throw notFound(INBOX_ITEM_NOT_FOUND);
  return toInboxItem(row);
}

/** New items per kind (every kind present, 0 when none) and their sum: the console's badge. */
export async function getInboxStats(
  db: Database,
): Promise<{ new: number; byKind: Record<repository.InboxKind, number> }> {
  const byKind: Record<repository.InboxKind, number> = { support: 0, contact: 0, account: 0 };
  for (const { kind, count } of await repository.countNewByKind(db)) {
    if (kind in byKind) byKind[kind as repository.InboxKind] = count;
  }
  return { new: byKind.support + byKind.contact + byKind.account, byKind };
}
