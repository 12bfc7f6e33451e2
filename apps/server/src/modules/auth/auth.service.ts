import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as repository from './auth.repository.ts';
import { writeFirstOperatorFile } from './first-operator-file.ts';
import { DUMMY_HASH_PROMISE, generatePassword, hashPassword, verifyPassword } from './password.ts';

export const SESSION_COOKIE = 'waybill_session';
/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and at the latest this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would make every console read a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

export const INVALID_LOGIN = 'Invalid email or password';
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const DEFAULT_ADMIN_EMAIL = 'admin@waybill.local';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Checks e-mail and password; the unknown-e-mail path hashes too, so timing does not tell them apart. */
export async function authenticate(db: Database, email: string, password: string) {
  const operator = await repository.findOperatorByEmail(db, email.trim());
  const valid = await verifyPassword(password, operator?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!operator || !valid) throw new AppError(401, INVALID_LOGIN);
  return operator;
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
  const { session, email } = found;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() > SESSION_IDLE_MS) {
    throw new AppError(401, SESSION_EXPIRED);
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await repository.touchSession(db, session.id, new Date(now));
  }
  return { id: session.operatorId, email, sessionId: session.id };
}

/** Adds an operator; a taken e-mail is a 409. */
export async function addOperator(db: Database, email: string, password: string) {
  const operator = await repository.insertOperator(db, email.trim(), await hashPassword(password));
  if (!operator) throw new AppError(409, `An operator with the e-mail ${email} already exists`);
  return operator;
}

/** Sets a new password and signs the operator out everywhere. */
export async function resetOperatorPassword(db: Database, email: string, password: string): Promise<void> {
  const operator = await repository.findOperatorByEmail(db, email.trim());
  if (!operator) throw new AppError(404, `No operator with the e-mail ${email}`);
  await repository.updateOperatorPassword(db, operator.email, await hashPassword(password));
  await repository.deleteSessionsOfOperator(db, operator.id);
}

/**
 * Creates the first operator when there is none: from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password written to `DATA_DIR/first-operator.txt` (mode 0600). The log names the file,
 * never the password; the database keeps only its hash.
 */
export async function ensureFirstOperator(db: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  if ((await repository.countOperators(db)) > 0) return;
  const email = (config.admin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  if (config.admin.password) {
    const created = await repository.insertOperator(db, email, await hashPassword(config.admin.password));
    if (created) log.info({ email }, 'created the first operator from ADMIN_EMAIL / ADMIN_PASSWORD');
    return;
  }
  const password = generatePassword();
  const file = await writeFirstOperatorFile(config.dataDir, {
    email,
    password,
    consoleUrl: `${config.publicUrl}${config.admin.path}`,
  });
  let created: Awaited<ReturnType<typeof repository.insertOperator>>;
  try {
    created = await repository.insertOperator(db, email, await hashPassword(password));
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
