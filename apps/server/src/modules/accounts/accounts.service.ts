import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_EMAIL_TAKEN,
  ACCOUNT_NOT_FOUND,
  ACCOUNT_OWNER_ONLY,
  type AccountMember,
  type AccountRole,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKey,
  type CreatedApiKey,
  type InviteAccountMemberInput,
  LAST_OWNER,
  REQUEST_ALREADY_APPROVED,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  type AccountLinkDeps,
  type AccountPrincipal,
  hashSecret,
  issueMemberLink,
  memberAuditActor,
} from './account-auth.service.ts';
import * as repository from './accounts.repository.ts';
import type { ApiClient, ApiKeyCache, Sender } from './api-key-cache.ts';

/** The fields of an approved account request the account is made of. */
export interface ApprovedRequest {
  inboxItemId: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  address: string;
  city: string;
  country: string;
}

/**
 * Makes the account of an approved request in the caller's transaction: the account, its first owner
 * (the requester, without a password) and the link they set one with, e-mailed. A request approved
 * before, or an address that already belongs to an account, is a 409 and nothing is made.
 */
export async function createAccountFromRequest(
  tx: Database,
  deps: AccountLinkDeps,
  actor: AuditActor,
  request: ApprovedRequest,
): Promise<{ accountId: string; email: string }> {
  const account = await repository.insertAccount(tx, {
    company: request.company,
    address: request.address,
    city: request.city,
    country: request.country,
    contactName: request.name,
    contactEmail: request.email.trim().toLowerCase(),
    contactPhone: request.phone,
    inboxItemId: request.inboxItemId,
  });
  if (!account) throw conflict(REQUEST_ALREADY_APPROVED);
  const owner = await repository.insertMember(tx, {
    accountId: account.id,
    email: request.email,
    name: request.name,
    role: 'owner',
  });
  if (!owner) throw conflict(ACCOUNT_EMAIL_TAKEN);
  await issueMemberLink(tx, deps, owner, account.company, true);
  await recordAudit(tx, {
    actor,
    action: 'inbox.account_approved',
    target: { type: 'inbox', id: request.inboxItemId },
    after: { account: account.id, owner: owner.id },
  });
  return { accountId: account.id, email: owner.email };
}

function requireOwner(principal: AccountPrincipal): void {
  if (principal.role !== 'owner') throw new AppError(403, ACCOUNT_OWNER_ONLY);
}

function toMember(row: repository.MemberRow): AccountMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as AccountRole,
    invitationPending: row.passwordHash === null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listMembers(db: Database, principal: AccountPrincipal): Promise<AccountMember[]> {
  return (await repository.listMembersOf(db, principal.accountId)).map(toMember);
}

/** An owner invites a colleague: a member without a password, e-mailed a link; a taken address is a 409. */
export async function inviteMember(
  deps: AccountLinkDeps,
  principal: AccountPrincipal,
  input: InviteAccountMemberInput,
  ip: string,
): Promise<AccountMember> {
  requireOwner(principal);
  return deps.db.transaction(async (tx) => {
    const account = await repository.findAccountById(tx, principal.accountId);
    const member = await repository.insertMember(tx, {
      accountId: principal.accountId,
      email: input.email,
      name: input.name,
      role: input.role,
    });
    if (!account || !member) throw conflict(ACCOUNT_EMAIL_TAKEN);
    await issueMemberLink(tx, deps, member, account.company, false);
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.member_invited',
      target: { type: 'account-member', id: member.id },
      after: { account: principal.accountId, by: principal.memberId, role: member.role },
    });
    return toMember(member);
  });
}

/**
 * An owner removes a colleague (their sessions and links go with them). Another account's member is a
 * 404 like an unknown id; the last owner stays.
 */
export async function removeMember(db: Database, principal: AccountPrincipal, id: string, ip: string) {
  requireOwner(principal);
  if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const owners = await repository.lockOwnersOf(tx, principal.accountId);
    const member = await repository.findMemberOf(tx, principal.accountId, id);
    if (!member) throw notFound(ACCOUNT_NOT_FOUND);
    if (member.role === 'owner' && owners.length <= 1) throw conflict(LAST_OWNER);
    await repository.deleteMember(tx, id);
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.member_removed',
      target: { type: 'account-member', id },
      before: { account: principal.accountId, by: principal.memberId, role: member.role },
    });
  });
  return { message: 'Removed' };
}

function toApiKey(row: repository.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiKeys(db: Database, principal: AccountPrincipal): Promise<ApiKey[]> {
  requireOwner(principal);
  return (await repository.listApiKeysOf(db, principal.accountId)).map(toApiKey);
}

/** A new key: `wb_live_` and 32 random bytes, answered this once; the database keeps its SHA-256. */
export async function createApiKey(
  db: Database,
  principal: AccountPrincipal,
  name: string,
  ip: string,
): Promise<CreatedApiKey> {
  requireOwner(principal);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const row = await repository.insertApiKey(tx, {
      accountId: principal.accountId,
      name,
      prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
      keyHash: hashSecret(key),
      createdBy: principal.memberId,
    });
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.api_key_created',
      target: { type: 'api-key', id: row.id },
      after: { account: principal.accountId, by: principal.memberId, prefix: row.prefix },
    });
    return { ...toApiKey(row), key };
  });
}

/** Revokes a key of the account at once (the next request with it fails on every process). */
export async function revokeApiKey(db: Database, principal: AccountPrincipal, id: string, ip: string): Promise<ApiKey> {
  requireOwner(principal);
  if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const row = await repository.revokeApiKey(tx, principal.accountId, id, new Date());
    if (!row) throw notFound(ACCOUNT_NOT_FOUND);
    await recordAudit(tx, {
      actor: memberAuditActor(ip),
      action: 'account.api_key_revoked',
      target: { type: 'api-key', id },
      after: { account: principal.accountId, by: principal.memberId },
    });
    return toApiKey(row);
  });
}

/**
 * The account a bearer key belongs to, and its sender details; undefined for any other key. Read from
 * the database unless `cache` holds the key (see `ApiKeyCache`: dropped on every process as soon as the
 * key or its account changes); a key's use is written at most once a minute.
 */
export async function accountOfApiKey(db: Database, key: string, cache?: ApiKeyCache): Promise<ApiClient | undefined> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return undefined;
  const keyHash = hashSecret(key);
  const now = Date.now();
  const cached = cache?.get(keyHash, now);
  if (cached) {
    if (cache!.touchDue(keyHash, now)) await repository.touchApiKey(db, cached.keyId, new Date(now));
    return cached;
  }
  const version = cache?.version ?? 0;
  const found = await repository.findLiveApiKey(db, keyHash);
  if (!found) return undefined;
  await repository.touchApiKey(db, found.key.id, new Date(now));
  const client = { accountId: found.account.id, keyId: found.key.id, sender: senderOfAccount(found.account) };
  cache?.set(keyHash, client, version, now);
  return client;
}

function senderOfAccount(account: repository.AccountRow): Sender {
  return {
    name: account.company,
    email: account.contactEmail,
    phone: account.contactPhone,
    address: [account.address, account.city].filter((part) => part.trim() !== '').join(', '),
  };
}

/** The sender details an account's shipments carry. */
export async function senderOf(db: Database, accountId: string): Promise<Sender> {
  const account = await repository.findAccountById(db, accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return senderOfAccount(account);
}

/** The account's company and its owners' addresses: who is told when something of the account needs them. */
export async function accountOwners(db: Database, accountId: string): Promise<{ company: string; emails: string[] }> {
  const account = await repository.findAccountById(db, accountId);
  const members = await repository.listMembersOf(db, accountId);
  return {
    company: account?.company ?? '',
    emails: members.filter((member) => member.role === 'owner').map((member) => member.email),
  };
}
