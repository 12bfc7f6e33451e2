import { createHash, randomBytes } from 'node:crypto';
import type {
  AcceptInviteInput,
  ChangePasswordInput,
  InviteOperatorInput,
  OperatorRole,
  TeamMember,
  UpdateOperatorInput,
} from '@waybill/domain';
import {
  LINK_INVALID,
  OPERATOR_DEACTIVATED,
  OPERATOR_EXISTS,
  OPERATOR_NOT_FOUND,
  PASSWORD_CHANGED,
  PASSWORD_SET,
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';
import {
  assertStrongPassword,
  clearSignInThrottle,
  createOperatorRow,
  voidUnusedLinksOf,
} from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { PasswordSite } from '../auth/password-strength.ts';
import { enqueueOperatorLink } from '../mail/index.ts';
import * as repository from './team.repository.ts';

export const LINK_VALID_HOURS = 72;
export const LAST_ADMIN =
  'The last active admin cannot be deactivated or made an operator or a driver. Make another operator an admin first.';

/**
 * Who makes a change: every change takes the acting operator, so a record of who did what can be
 * written in the same transaction as the change.
 */
export interface Actor {
  id: string;
  email: string;
  /** The address the request came from, kept with the entry. */
  ip?: string;
}

const asAuditActor = (actor: Actor): AuditActor => ({
  kind: 'operator',
  id: actor.id,
  email: actor.email,
  ip: actor.ip,
});
const operatorTarget = (id: string) => ({ type: 'operator', id }) as const;

/**
 * What the team's links need: the console's address (PUBLIC_URL + ADMIN_PATH), and the key that seals
 * a link while it waits in the mail outbox.
 */
export interface TeamDeps {
  db: Database;
  consoleUrl: string;
  keys: SubscriptionKeys;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toMember(row: repository.OperatorRow): TeamMember {
  const invitationPending = row.passwordHash === null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as OperatorRole,
    active: row.active,
    state: !row.active ? 'deactivated' : invitationPending ? 'invited' : 'active',
    invitationPending,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTeam(db: Database): Promise<TeamMember[]> {
  return (await repository.listOperators(db)).map(toMember);
}

/**
 * A new one-time link for an operator (32 random bytes; only its SHA-256 is stored), queued by e-mail
 * in the caller's transaction. An earlier unused link of the same operator stops working.
 */
async function issueLink(tx: Database, deps: TeamDeps, operator: repository.OperatorRow, purpose: 'invite' | 'reset') {
  const token = randomBytes(32).toString('base64url');
  const row = await repository.replaceToken(tx, {
    operatorId: operator.id,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_VALID_HOURS * 3_600_000),
  });
  await enqueueOperatorLink(tx, deps.keys, {
    to: operator.email,
    linkId: row.id,
    content: {
      purpose,
      name: operator.name,
      role: operator.role as OperatorRole,
      // In the fragment: a browser never sends it, so no request line or log holds the token.
      link: `${deps.consoleUrl}/accept-invite#token=${token}`,
      validHours: LINK_VALID_HOURS,
    },
  });
}

/** Adds an operator without a password and e-mails them an invitation link; a taken e-mail is a 409. */
export async function inviteOperator(deps: TeamDeps, actor: Actor, input: InviteOperatorInput): Promise<TeamMember> {
  return deps.db.transaction(async (tx) => {
    const operator = await createOperatorRow(tx, {
      email: input.email,
      passwordHash: null,
      name: input.name,
      role: input.role,
    });
    if (!operator) throw new AppError(409, OPERATOR_EXISTS);
    await issueLink(tx, deps, operator, 'invite');
    await recordAudit(tx, {
      actor: asAuditActor(actor),
      action: 'operator.invited',
      target: operatorTarget(operator.id),
      after: { email: operator.email, name: operator.name, role: operator.role },
    });
    return toMember(operator);
  });
}

/** The names of these members, by id (a member without a name is named by their e-mail). */
export async function memberNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  const rows = await repository.findOperatorsByIds(db, [...new Set(ids)].filter(isUuid));
  return new Map(rows.map((row) => [row.id, row.name.trim() || row.email]));
}

/**
 * The member with this id when they are a driver who is not deactivated (an invited driver who has not
 * set a password yet counts: their runs can be planned before their first sign-in).
 */
export async function findActiveDriver(db: Database, id: string): Promise<{ id: string; name: string } | undefined> {
  const row = isUuid(id) ? await repository.findOperatorById(db, id) : undefined;
  if (row?.role !== 'driver' || !row.active) return undefined;
  return { id: row.id, name: row.name.trim() || row.email };
}

/**
 * The drivers a run can be planned for, by name: active members of role driver, invited ones included.
 * Operators plan runs but may not read the team, so this is all Dispatch learns of it.
 */
export async function listActiveDrivers(db: Database): Promise<{ id: string; name: string }[]> {
  const rows = await repository.listOperators(db);
  return rows
    .filter((row) => row.role === 'driver' && row.active)
    .map((row) => ({ id: row.id, name: row.name.trim() || row.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function findOperator(db: Database, id: string): Promise<repository.OperatorRow> {
  const operator = isUuid(id) ? await repository.findOperatorById(db, id) : undefined;
  if (!operator) throw new AppError(404, OPERATOR_NOT_FOUND);
  return operator;
}

/**
 * Changes an operator's role or active flag. Deactivation ends their sessions and deletes their unused
 * links in the same transaction. The last active admin who can sign in cannot lose that (an invited
 * admin who never set a password does not count): checked under a lock on the admins' rows, so two
 * concurrent changes cannot both pass.
 */
export async function updateOperatorAccess(
  db: Database,
  actor: Actor,
  id: string,
  changes: UpdateOperatorInput,
): Promise<TeamMember> {
  if (!isUuid(id)) throw new AppError(404, OPERATOR_NOT_FOUND);
  return db.transaction(async (tx) => {
    const admins = await repository.lockActiveAdmins(tx);
    const before = await findOperator(tx, id);
    const demoted = changes.role !== undefined && changes.role !== 'admin';
    const removesAdmin = admins.includes(id) && (demoted || changes.active === false);
    if (removesAdmin && admins.length <= 1) throw new AppError(409, LAST_ADMIN);
    const updated = await repository.updateOperator(tx, id, {
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.active !== undefined ? { active: changes.active } : {}),
    });
    if (changes.active === false) {
      await repository.deleteSessionsOf(tx, id);
      await voidUnusedLinksOf(tx, id);
    }
    // One entry per thing that changed; setting what already was records nothing.
    const role = changedFields(before, updated!, ['role']);
    if ('role' in role.after) {
      await recordAudit(tx, {
        actor: asAuditActor(actor),
        action: 'operator.role_changed',
        target: operatorTarget(id),
        ...role,
      });
    }
    const active = changedFields(before, updated!, ['active']);
    if ('active' in active.after) {
      await recordAudit(tx, {
        actor: asAuditActor(actor),
        action: updated!.active ? 'operator.reactivated' : 'operator.deactivated',
        target: operatorTarget(id),
        ...active,
      });
    }
    return toMember(updated!);
  });
}

/**
 * E-mails an operator a new one-time link to set a password (an invitation again while they have
 * none). Their password and sessions stay until the link is used: a reset asked by someone else does
 * not lock the operator out.
 */
export async function sendPasswordLink(deps: TeamDeps, actor: Actor, id: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const operator = await findOperator(tx, id);
    if (!operator.active) throw new AppError(409, OPERATOR_DEACTIVATED);
    const purpose = operator.passwordHash === null ? 'invite' : 'reset';
    await issueLink(tx, deps, operator, purpose);
    await recordAudit(tx, {
      actor: asAuditActor(actor),
      action: 'operator.password_reset_sent',
      target: operatorTarget(operator.id),
      after: { link: purpose },
    });
    return {
      message: `A link to set a password was sent to ${operator.email}. It works once, for ${LINK_VALID_HOURS} hours.`,
    };
  });
}

/**
 * Sets the password (and the name, if given) of the operator a link was sent to, once: the token is
 * used by the same statement that checks it. All their sessions end. It does not sign in: the
 * operator signs in as always, under the sign-in limits.
 */
export async function acceptInvite(
  db: Database,
  site: PasswordSite,
  input: AcceptInviteInput,
  client: { ip?: string } = {},
): Promise<{ message: string }> {
  const tokenHash = hashToken(input.token);
  const found = await repository.findUsableToken(db, tokenHash, new Date());
  const invited = found ? await repository.findOperatorById(db, found.operatorId) : undefined;
  if (!invited?.active) throw new AppError(400, LINK_INVALID);
  // Checked before the link is used, so a refused password leaves the link working.
  await assertStrongPassword(input.password, site, { email: invited.email, name: input.name ?? invited.name });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const token = await repository.consumeToken(tx, tokenHash, new Date());
    const operator = token ? await repository.findOperatorById(tx, token.operatorId) : undefined;
    if (!operator?.active) throw new AppError(400, LINK_INVALID);
    const updated = await repository.updateOperator(tx, operator.id, {
      passwordHash,
      ...(input.name !== undefined ? { name: input.name } : {}),
    });
    await repository.deleteSessionsOf(tx, operator.id);
    // Any other link still in a mailbox (an admin may have sent another meanwhile) is worthless now.
    await voidUnusedLinksOf(tx, operator.id);
    await clearSignInThrottle(tx, operator);
    // The operator the link was sent to is the one acting; the entry says which kind of link it was.
    const name = changedFields(operator, updated!, ['name']);
    await recordAudit(tx, {
      actor: { kind: 'operator', id: operator.id, email: operator.email, ip: client.ip },
      action: 'operator.invitation_accepted',
      target: operatorTarget(operator.id),
      before: name.before,
      after: { ...name.after, link: token!.purpose },
    });
    return { message: PASSWORD_SET };
  });
}

/**
 * Changes the signed-in operator's password after checking the current one; their other sessions end
 * and their unused invitation or reset links are deleted.
 */
export async function changePassword(
  db: Database,
  site: PasswordSite,
  operator: Actor & { name: string; sessionId: string },
  input: ChangePasswordInput,
): Promise<{ message: string }> {
  const row = await findOperator(db, operator.id);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash ?? ''))) {
    throw new AppError(400, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError(400, SAME_PASSWORD, { newPassword: SAME_PASSWORD });
  }
  try {
    await assertStrongPassword(input.newPassword, site, { email: row.email, name: row.name });
  } catch (error) {
    if (error instanceof AppError) throw new AppError(400, error.message, { newPassword: error.message });
    throw error;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await repository.updateOperator(tx, row.id, { passwordHash });
    await repository.deleteSessionsOf(tx, row.id, operator.sessionId);
    await voidUnusedLinksOf(tx, row.id);
    await recordAudit(tx, {
      actor: asAuditActor(operator),
      action: 'operator.password_changed',
      target: operatorTarget(row.id),
    });
  });
  return { message: PASSWORD_CHANGED };
}
