import { createHash, randomBytes } from 'node:crypto';
import {
  countOf,
  INVALID_LOGIN,
  noOperatorWithEmail,
  type OperatorRole,
  operatorExistsWithEmail,
  SESSION_EXPIRED,
  SIGN_IN_REQUIRED,
} from '@waybill/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, COMMAND_LINE, recordAudit, SYSTEM } from '../audit/audit.service.ts';
import * as repository from './auth.repository.ts';
import { type KnownDevice, newDeviceId } from './device-cookie.ts';
import { writeFirstOperatorFile } from './first-operator-file.ts';
import { DUMMY_HASH_PROMISE, generatePassword, hashPassword, verifyPassword } from './password.ts';
import { type PasswordSite, passwordSiteOf, passwordUserInputs, passwordWeakness } from './password-strength.ts';

export const SESSION_COOKIE = 'waybill_session';
/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and at the latest this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would make every console read a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

export { SESSION_EXPIRED, SIGN_IN_REQUIRED };
export const DEFAULT_ADMIN_EMAIL = 'admin@waybill.local';

/**
 * The per-account slow-down, besides the per-address rate limit: ten failures in a row cost nothing,
 * then each further attempt waits for the one before it, 30 s after the tenth failure, doubling up to
 * 15 minutes (about a hundred guesses a day from the whole internet, where a lock handed strangers a
 * switch that kept the operator out). Counted apart for each browser the operator signed in from
 * before, so strangers' failures never make the operator's own browser wait. Failures are forgotten
 * a day after the last one, and at once after a correct password.
 */
export const SIGN_IN_THROTTLE: repository.ThrottleRule = {
  freeFailures: 10,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
};

/** "45 seconds", "1 minute", "15 minutes": a wait in the words of a refusal. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return countOf(seconds, 'second', 'seconds');
  return countOf(Math.ceil(seconds / 60), 'minute', 'minutes');
}

/** The refusal of an attempt that comes before the account's (or the browser's) wait is over. */
export const signInThrottledMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Try again in ${describeWait(seconds)}.`;
export const SIGN_IN_THROTTLED_EXAMPLE = signInThrottledMessage(15 * 60);

/** A sign-in refused because it came before the end of its wait; `retryAfterSeconds` is the time left. */
export class SignInThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, signInThrottledMessage(retryAfterSeconds));
  }
}

/** The key attempts at an e-mail from browsers its operator never signed in from count against. */
export const accountThrottleKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** The key of one browser an operator signed in from before (the start of it: every such browser). */
export const deviceThrottleKey = (operatorId: string, deviceId = '') => `device:${operatorId}:${deviceId}`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Checks e-mail and password. An unknown e-mail, a deactivated or not yet invited-in operator and a
 * wrong password take the same steps (a hash is verified, the attempt is counted against the address)
 * and get the same answer, so neither the message, the timing nor the slow-down tells whether an
 * account exists. An attempt from a browser the operator signed in from before (`devices`, read from
 * its signed cookie) counts against that browser only; any other counts against the e-mail. One that
 * comes before its key's wait is over is refused before its password is looked at.
 * Returns the operator and the browser's id for them (kept, or new for a browser not known yet).
 */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
  { now = new Date(), devices = [] }: { now?: Date; devices?: KnownDevice[] } = {},
) {
  const address = email.trim().toLowerCase();
  const operator = await repository.findOperatorByEmail(db, address);
  const known = operator ? devices.find((device) => device.operatorId === operator.id) : undefined;
  const key = known ? deviceThrottleKey(known.operatorId, known.deviceId) : accountThrottleKey(address);
  const claim = await repository.claimSignInAttempt(db, key, now, SIGN_IN_THROTTLE);
  if (!claim.allowed) {
    throw new SignInThrottledError(Math.max(1, Math.ceil((claim.waitUntil.getTime() - now.getTime()) / 1000)));
  }
  const valid = await verifyPassword(password, operator?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!operator || !valid || !operator.active) {
    await repository.deleteForgottenSignInFailures(db, now, SIGN_IN_THROTTLE);
    throw new AppError(401, INVALID_LOGIN);
  }
  await repository.clearSignInFailures(db, key);
  await repository.recordSignIn(db, operator.id, now);
  return { operator, deviceId: known?.deviceId ?? newDeviceId() };
}

/**
 * A password checked under the slow-down of one throttle key (SIGN_IN_THROTTLE), for other sign-ins
 * than the console's (business customers at /account): an attempt before the key's wait is over is
 * refused with SignInThrottledError before the password is read; a missing hash is checked against a
 * dummy, so the time tells nothing; a correct password clears the key.
 */
export async function verifyPasswordThrottled(
  db: Database,
  key: string,
  password: string,
  hash: string | null | undefined,
  now = new Date(),
): Promise<boolean> {
  const claim = await repository.claimSignInAttempt(db, key, now, SIGN_IN_THROTTLE);
  if (!claim.allowed) {
    throw new SignInThrottledError(Math.max(1, Math.ceil((claim.waitUntil.getTime() - now.getTime()) / 1000)));
  }
  const valid = await verifyPassword(password, hash ?? (await DUMMY_HASH_PROMISE));
  if (valid) await repository.clearSignInFailures(db, key);
  else await repository.deleteForgottenSignInFailures(db, now, SIGN_IN_THROTTLE);
  return valid;
}

/** Forgets the failures counted under a key and every key that starts with `prefix` (a password was set). */
export async function clearThrottleKeys(db: Database, key: string, prefix: string): Promise<void> {
  await repository.clearAccountSignInFailures(db, key, prefix);
}

/** Forgets every failed sign-in counted for an operator (at their e-mail and from each of their browsers). */
/** A new operator row (the e-mail lower-cased); undefined when the e-mail is taken. */
export async function createOperatorRow(db: Database, values: repository.NewOperator) {
  return repository.insertOperator(db, values);
}

/** Voids the operator's invitation and reset links not used yet; how many there were. */
export async function voidUnusedLinksOf(db: Database, operatorId: string): Promise<number> {
  return repository.deleteUnusedLinksOf(db, operatorId);
}

export async function clearSignInThrottle(db: Database, operator: { id: string; email: string }): Promise<void> {
  await repository.clearAccountSignInFailures(db, accountThrottleKey(operator.email), deviceThrottleKey(operator.id));
}

/** Starts a session and returns the cookie token; any session the browser held is ended (rotation). */
export async function startSession(db: Database, operatorId: string, previousToken?: string): Promise<string> {
  const now = new Date();
  if (previousToken) await repository.deleteSessionByTokenHash(db, hashToken(previousToken));
  await repository.deleteSessionsEndedBefore(db, now, SESSION_IDLE_MS);
  const token = randomBytes(32).toString('base64url');
  await repository.insertSession(db, {
    tokenHash: hashToken(token),
    operatorId,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

export async function endSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await repository.deleteSessionByTokenHash(db, hashToken(token));
}

/** The signed-in operator of a cookie token, or a 401 saying whether it was missing or expired. */
export async function resolveSession(db: Database, token: string | undefined) {
  if (!token) throw new AppError(401, SIGN_IN_REQUIRED);
  const found = await repository.findSessionWithOperator(db, hashToken(token));
  if (!found) throw new AppError(401, SIGN_IN_REQUIRED);
  const { session, email, name, role, active } = found;
  // Deactivation deletes the sessions; this covers a request that read the session just before.
  if (!active) throw new AppError(401, SIGN_IN_REQUIRED);
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    throw new AppError(401, SESSION_EXPIRED);
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repository.touchSession(db, session.id, new Date(now));
  }
  return { id: session.operatorId, email, name, role: role as OperatorRole, sessionId: session.id };
}

/**
 * A 400 saying why, when a new password is too short or too easy to guess: made of the site's name,
 * the person's name or e-mail, a season or the year counts as easy.
 */
export async function assertStrongPassword(
  password: string,
  site: PasswordSite,
  person: { name?: string; email?: string },
): Promise<void> {
  const weakness = await passwordWeakness(password, passwordUserInputs(site, person));
  if (weakness) throw new AppError(400, weakness, { password: weakness });
}

/**
 * Adds an admin from the command line (`npm run operator -- add`): whoever can run it can read the
 * database anyway. A taken e-mail is a 409, a weak password a 400. The audit log records it as done by
 * `actor`, the command line unless said otherwise.
 */
export async function addOperator(
  db: Database,
  site: PasswordSite,
  email: string,
  password: string,
  name = '',
  actor: AuditActor = COMMAND_LINE,
) {
  await assertStrongPassword(password, site, { email, name });
  const passwordHash = await hashPassword(password);
  const operator = await insertAdmin(db, actor, { email: email.trim(), passwordHash, name: name.trim() });
  if (!operator) throw new AppError(409, operatorExistsWithEmail(email));
  return operator;
}

/** Inserts an admin and records who added them, in one transaction; undefined when the e-mail is taken. */
async function insertAdmin(
  db: Database,
  actor: AuditActor,
  values: { email: string; passwordHash: string; name?: string },
): Promise<repository.OperatorRow | undefined> {
  return db.transaction(async (tx) => {
    const operator = await repository.insertOperator(tx, { ...values, role: 'admin' });
    if (operator) {
      await recordAudit(tx, {
        actor,
        action: 'operator.added',
        target: { type: 'operator', id: operator.id },
        after: { email: operator.email, name: operator.name, role: operator.role },
      });
    }
    return operator;
  });
}

/**
 * Sets a new password (strong enough), signs the operator out everywhere, deletes their unused
 * invitation or reset links and forgets the failed sign-ins counted against them, so a slowed-down
 * account opens at once with the new password (`npm run operator -- reset`). The audit log records it
 * as done by `actor`, the command line unless said otherwise.
 */
export async function resetOperatorPassword(
  db: Database,
  site: PasswordSite,
  email: string,
  password: string,
  actor: AuditActor = COMMAND_LINE,
): Promise<void> {
  const operator = await repository.findOperatorByEmail(db, email.trim());
  if (!operator) throw new AppError(404, noOperatorWithEmail(email));
  await assertStrongPassword(password, site, { email: operator.email, name: operator.name });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await repository.updateOperatorPassword(tx, operator.email, passwordHash);
    await repository.deleteSessionsOfOperator(tx, operator.id);
    await repository.deleteUnusedLinksOf(tx, operator.id);
    await recordAudit(tx, { actor, action: 'operator.password_reset', target: { type: 'operator', id: operator.id } });
  });
  await clearSignInThrottle(db, operator);
}

/**
 * Creates the first operator when there is none: from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password written to `DATA_DIR/first-operator.txt` (mode 0600). The log names the file,
 * never the password; the database keeps only its hash. The audit log records the server as its maker.
 */
export async function ensureFirstOperator(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await repository.countOperators(db)) > 0) return;
  const email = (config.admin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (config.admin.password) {
    const passwordHash = await hashPassword(config.admin.password);
    const created = await insertAdmin(db, SYSTEM, { email, passwordHash });
    if (created) {
      log.info({ email }, 'created the first operator from ADMIN_EMAIL / ADMIN_PASSWORD');
      // Installs set up with an 8-character password keep starting; the admin is told to change it.
      const weakness = await passwordWeakness(
        config.admin.password,
        passwordUserInputs(passwordSiteOf(config), { email }),
      );
      if (weakness) {
        log.warn(
          { email, reason: weakness },
          'ADMIN_PASSWORD is weak: sign in and change the password (the console, or npm run operator -- reset)',
        );
      }
    }
    return;
  }
  const password = generatePassword();
  const file = await writeFirstOperatorFile(config.dataDir, {
    email,
    password,
    consoleUrl: `${config.publicUrl}${config.admin.path}`,
  });
  let created: repository.OperatorRow | undefined;
  try {
    created = await insertAdmin(db, SYSTEM, { email, passwordHash: await hashPassword(password) });
  } catch (error) {
    await file.discard();
    throw error;
  }
  if (!created) {
    await file.discard(); // another process created it at the same moment
    return;
  }
  await file.commit();
  log.warn(
    { email, passwordFile: file.path },
    'created the first operator with a generated password, written to the password file (readable only by this user): sign in, then delete the file',
  );
}
