import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_LINK_HOURS,
  type AccountRole,
  type AccountSession,
  type AccountSetPasswordInput,
  INVALID_LOGIN,
  PASSWORD_SET,
  SESSION_EXPIRED,
  SIGN_IN_REQUIRED,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import {
  assertStrongPassword,
  clearThrottleKeys,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  verifyPasswordThrottled,
} from '../auth/auth.service.ts';
import { type KnownDevice, newDeviceId } from '../auth/device-cookie.ts';
import { hashPassword } from '../auth/password.ts';
import type { PasswordSite } from '../auth/password-strength.ts';
import { enqueueAccountLink } from '../mail/index.ts';
import * as repository from './accounts.repository.ts';

/** A business customer's link is refused with this (their owner, not an admin, sends a new one). */
export const ACCOUNT_LINK_INVALID =
  'This link has expired or was already used. Ask the owner of your account for a new one.';
const TOUCH_INTERVAL_MS = 60 * 1000;

/** What sending a member their link needs: the public site's address and the key that seals a queued link. */
export interface AccountLinkDeps {
  db: Database;
  publicUrl: string;
  keys: SubscriptionKeys;
}

/** The signed-in member of a request to /api/account/*, with their account. */
export interface AccountPrincipal {
  memberId: string;
  email: string;
  name: string;
  role: AccountRole;
  accountId: string;
  sessionId: string;
}

export const hashSecret = (token: string) => createHash('sha256').update(token).digest('hex');

/** Throttle keys apart from operators': attempts at a member's e-mail, and each browser they signed in from. */
export const memberEmailThrottleKey = (email: string) => `account-member:${email.trim().toLowerCase()}`;
export const memberDeviceThrottleKey = (memberId: string, deviceId = '') => `account-device:${memberId}:${deviceId}`;

export function toAccountSession(member: repository.MemberRow, account: repository.AccountRow): AccountSession {
  return {
    member: { id: member.id, email: member.email, name: member.name, role: member.role as AccountRole },
    account: {
      id: account.id,
      company: account.company,
      address: account.address,
      city: account.city,
      country: account.country,
      contactName: account.contactName,
      contactEmail: account.contactEmail,
      contactPhone: account.contactPhone,
    },
  };
}

/**
 * A new one-time link for a member (32 random bytes; only its SHA-256 is kept), queued by e-mail in the
 * caller's transaction; an earlier unused link of theirs stops working. The token travels in the
 * link's fragment, which a browser never sends: no request line or log can hold it.
 */
export async function issueMemberLink(
  tx: Database,
  deps: AccountLinkDeps,
  member: repository.MemberRow,
  company: string,
  approved: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const row = await repository.replaceMemberToken(tx, {
    memberId: member.id,
    purpose: 'invite',
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + ACCOUNT_LINK_HOURS * 3_600_000),
  });
  await enqueueAccountLink(tx, deps.keys, {
    to: member.email,
    linkId: row.id,
    content: {
      purpose: 'invite',
      name: member.name,
      company,
      approved,
      link: `${deps.publicUrl}/account/set-password#token=${token}`,
      validHours: ACCOUNT_LINK_HOURS,
    },
  });
}

/**
 * Checks a member's e-mail and password as the console's sign-in does: an unknown address, a member
 * without a password yet, a closed account and a wrong password take the same steps and get the same
 * answer; attempts from a browser the member signed in from before count against that browser only.
 */
export async function signInMember(
  db: Database,
  credentials: { email: string; password: string },
  client: { ip: string; devices: KnownDevice[]; previousToken?: string },
) {
  const member = await repository.findMemberByEmail(db, credentials.email);
  const known = member ? client.devices.find((device) => device.operatorId === member.id) : undefined;
  const key = known
    ? memberDeviceThrottleKey(known.operatorId, known.deviceId)
    : memberEmailThrottleKey(credentials.email);
  const valid = await verifyPasswordThrottled(db, key, credentials.password, member?.passwordHash);
  const account = member && valid ? await repository.findAccountById(db, member.accountId) : undefined;
  if (!member || !account || account.status !== 'active') throw new AppError(401, INVALID_LOGIN);
  const now = new Date();
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    if (client.previousToken) await repository.deleteAccountSession(tx, hashSecret(client.previousToken));
    await repository.deleteAccountSessionsEndedBefore(tx, now, SESSION_IDLE_MS);
    await repository.insertAccountSession(tx, {
      tokenHash: hashSecret(token),
      memberId: member.id,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    await repository.updateMember(tx, member.id, { lastSignInAt: now });
    await recordAudit(tx, {
      actor: { kind: 'customer', ip: client.ip },
      action: 'account.sign_in_succeeded',
      target: { type: 'account-member', id: member.id },
      after: { account: account.id },
    });
  });
  return { session: toAccountSession(member, account), token, deviceId: known?.deviceId ?? newDeviceId() };
}

/** The member of a portal cookie, or a 401 saying whether it was missing or expired. */
export async function resolveAccountSession(db: Database, token: string | undefined): Promise<AccountPrincipal> {
  if (!token) throw new AppError(401, SIGN_IN_REQUIRED);
  const found = await repository.findAccountSession(db, hashSecret(token));
  if (found?.account.status !== 'active') throw new AppError(401, SIGN_IN_REQUIRED);
  const { session, member } = found;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    throw new AppError(401, SESSION_EXPIRED);
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repository.touchAccountSession(db, session.id, new Date(now));
  }
  return {
    memberId: member.id,
    email: member.email,
    name: member.name,
    role: member.role as AccountRole,
    accountId: member.accountId,
    sessionId: session.id,
  };
}

/** The member and account of a session, as GET /api/account/me answers. */
export async function accountSessionOf(db: Database, principal: AccountPrincipal): Promise<AccountSession> {
  const member = await repository.findMemberById(db, principal.memberId);
  const account = await repository.findAccountById(db, principal.accountId);
  if (!member || !account) throw new AppError(401, SIGN_IN_REQUIRED);
  return toAccountSession(member, account);
}

export async function endAccountSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await repository.deleteAccountSession(db, hashSecret(token));
}

/**
 * Sets the password (and the name, if given) of the member a link was sent to, once: the token is used
 * by the statement that checks it. Their sessions end and their failed sign-ins are forgotten. It does
 * not sign in: the member signs in as always, under the sign-in limits.
 */
export async function setMemberPassword(
  db: Database,
  site: PasswordSite,
  input: AccountSetPasswordInput,
  client: { ip?: string } = {},
): Promise<{ message: string }> {
  const tokenHash = hashSecret(input.token);
  const found = await repository.findUsableMemberToken(db, tokenHash, new Date());
  const invited = found ? await repository.findMemberById(db, found.memberId) : undefined;
  if (!invited) throw new AppError(400, ACCOUNT_LINK_INVALID);
  await assertStrongPassword(input.password, site, { email: invited.email, name: input.name ?? invited.name });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const token = await repository.consumeMemberToken(tx, tokenHash, new Date());
    if (!token) throw new AppError(400, ACCOUNT_LINK_INVALID);
    await repository.updateMember(tx, token.memberId, {
      passwordHash,
      ...(input.name !== undefined ? { name: input.name } : {}),
    });
    await repository.deleteSessionsOfMember(tx, token.memberId);
    await repository.deleteUnusedTokensOf(tx, token.memberId);
    await clearThrottleKeys(tx, memberEmailThrottleKey(invited.email), memberDeviceThrottleKey(invited.id));
    await recordAudit(tx, {
      actor: { kind: 'customer', ip: client.ip },
      action: 'account.password_set',
      target: { type: 'account-member', id: token.memberId },
    });
  });
  return { message: PASSWORD_SET };
}

/** Who an account member's change is recorded as: a customer, from their address, named in the entry. */
export const memberAuditActor = (ip: string): AuditActor => ({ kind: 'customer', ip });
