import type {
  AccountApproval,
  AccountRequest,
  ContactMessage,
  InboxItem,
  InboxKind,
  InboxState,
  InboxStats,
  SupportRequest,
} from '@waybill/domain';
import {
  ACCOUNT_REQUEST_DECLINED,
  accountApprovedMessage,
  INBOX_ITEM_NOT_FOUND,
  ONLY_ACCOUNT_REQUESTS,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { pageWindow } from '../../db/paging.ts';
import { conflict, notFound } from '../../errors.ts';
import type { AccountLinkDeps } from '../accounts/account-auth.service.ts';
import { createAccountFromRequest } from '../accounts/accounts.service.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.ts';
import * as repository from './inbox.repository.ts';

// The fields of `details` each kind stores, in the order the console shows them.
const DETAIL_FIELDS = ['subject', 'category', 'priority', 'company', 'address', 'city', 'country'] as const;

function toInboxItem(row: repository.InboxRow): InboxItem {
  const item: InboxItem = {
    _id: row.id,
    kind: row.kind as InboxKind,
    state: row.state as InboxState,
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

/**
 * Stores a received item and records its arrival, by the customer, in one transaction. The entry names
 * the item and its kind only: what the customer wrote stays in the inbox.
 */
async function receive(db: Database, actor: AuditActor, values: repository.NewInboxRow): Promise<{ id: string }> {
  const id = await db.transaction(async (tx) => {
    const id = await repository.insertInboxItem(tx, values);
    await recordAudit(tx, {
      actor,
      action: 'inbox.received',
      target: { type: 'inbox', id },
      after: { kind: values.kind },
    });
    return id;
  });
  return { id };
}

export async function receiveSupportRequest(
  db: Database,
  actor: AuditActor,
  request: SupportRequest,
): Promise<{ id: string }> {
  const { name, email, phone, subject, category, priority, message } = request;
  return receive(db, actor, {
    kind: 'support',
    name,
    email,
    phone,
    message,
    details: { subject, category, priority },
  });
}

/** The home form accepts anything (SPEC §5), blank fields included; the schema only bounds lengths. */
export async function receiveContactMessage(
  db: Database,
  actor: AuditActor,
  contact: ContactMessage,
): Promise<{ id: string }> {
  return receive(db, actor, { kind: 'contact', name: contact.name, email: contact.email, message: contact.message });
}

/** The password is kept only as a scrypt hash, for when the account is set up; no answer carries it. */
export async function receiveAccountRequest(
  db: Database,
  actor: AuditActor,
  request: AccountRequest,
): Promise<{ id: string }> {
  const { name, email, phone, address, company, city, country, password } = request;
  return receive(db, actor, {
    kind: 'account',
    name,
    email,
    phone,
    details: { company, address, city, country },
    passwordHash: await hashPassword(password),
  });
}

export async function listInbox(
  db: Database,
  query: repository.InboxFilter & { page: number; pageSize: number },
): Promise<{ items: InboxItem[]; total: number }> {
  const filter = { kind: query.kind, state: query.state };
  const [rows, total] = await Promise.all([
    repository.findInboxPage(db, filter, pageWindow(query)),
    repository.countInboxItems(db, filter),
  ]);
  return { items: rows.map(toInboxItem), total };
}

/** Marks an item handled or new again, recording who did it (even when it already was). */
export async function changeInboxItemState(
  db: Database,
  actor: AuditActor,
  id: string,
  state: InboxState,
): Promise<InboxItem> {
  if (!isUuid(id)) throw notFound(INBOX_ITEM_NOT_FOUND);
  const row = await db.transaction(async (tx) => {
    const was = await repository.lockInboxItemState(tx, id);
    if (was === undefined) throw notFound(INBOX_ITEM_NOT_FOUND);
    const changed = await repository.updateInboxItemState(tx, id, state);
    await recordAudit(tx, {
      actor,
      action: 'inbox.state_changed',
      target: { type: 'inbox', id },
      before: { state: was },
      after: { state },
    });
    return changed!;
  });
  return toInboxItem(row);
}

/** New items per kind (every kind present, 0 when none) and their sum: the console's badge. */
export async function getInboxStats(db: Database): Promise<InboxStats> {
  const byKind: Record<InboxKind, number> = { support: 0, contact: 0, account: 0 };
  for (const { kind, count } of await repository.countNewByKind(db)) {
    if (kind in byKind) byKind[kind as InboxKind] = count;
  }
  return { new: byKind.support + byKind.contact + byKind.account, byKind };
}

/** The account request of this id, locked until the transaction ends: 404 unknown, 409 another kind. */
async function lockAccountRequest(tx: Database, id: string): Promise<repository.InboxRow> {
  const row = isUuid(id) ? await repository.lockInboxItem(tx, id) : undefined;
  if (!row) throw notFound(INBOX_ITEM_NOT_FOUND);
  if (row.kind !== 'account') throw conflict(ONLY_ACCOUNT_REQUESTS);
  return row;
}

/**
 * Approves an account request: the account is made from it (company, address, country, the requester as
 * contact and first owner, who is mailed a link to set a password) and the request is marked handled, in
 * one transaction. A request approved before is a 409 and nothing changes.
 */
export async function approveAccountRequest(
  deps: AccountLinkDeps,
  actor: AuditActor,
  id: string,
): Promise<AccountApproval> {
  return deps.db.transaction(async (tx) => {
    const row = await lockAccountRequest(tx, id);
    const detail = (field: string) => row.details[field] ?? '';
    const made = await createAccountFromRequest(tx, deps, actor, {
      inboxItemId: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      company: detail('company'),
      address: detail('address'),
      city: detail('city'),
      country: detail('country'),
    });
    await repository.updateInboxItemState(tx, row.id, 'handled');
    return { message: accountApprovedMessage(made.email), accountId: made.accountId, email: made.email };
  });
}

/** Declines an account request: it is marked handled and no account is made. */
export async function declineAccountRequest(db: Database, actor: AuditActor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await lockAccountRequest(tx, id);
    await repository.updateInboxItemState(tx, row.id, 'handled');
    await recordAudit(tx, { actor, action: 'inbox.account_declined', target: { type: 'inbox', id: row.id } });
    return { message: ACCOUNT_REQUEST_DECLINED };
  });
}
