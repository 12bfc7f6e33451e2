import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, recordFailedSignIn } from '../audit/audit.service.ts';
import * as repository from './auth.repository.ts';
import { authenticate, endSession, resolveSession, startSession } from './auth.service.ts';
import type { KnownDevice } from './device-cookie.ts';

/**
 * Sign-in with its audit entries: a success is recorded with the new session, in its transaction; a
 * refusal (a wrong password, an unknown or deactivated account, one that must wait) is itself the event and
 * is written in its own statement, with the e-mail tried and the operator's id only when it names one.
 */
export async function signIn(
  db: Database,
  credentials: { email: string; password: string },
  client: { ip: string; previousToken?: string; devices?: KnownDevice[] },
) {
  let operator: Awaited<ReturnType<typeof authenticate>>['operator'];
  let deviceId: string;
  try {
    ({ operator, deviceId } = await authenticate(db, credentials.email, credentials.password, {
      devices: client.devices,
    }));
  } catch (error) {
    if (error instanceof AppError) {
      const email = credentials.email.trim().toLowerCase();
      const known = await repository.findOperatorByEmail(db, email);
      await recordFailedSignIn(db, { email, operatorId: known?.id, ip: client.ip });
    }
    throw error;
  }
  const token = await db.transaction(async (tx) => {
    const token = await startSession(tx, operator.id, client.previousToken);
    await recordAudit(tx, {
      actor: { kind: 'operator', id: operator.id, email: operator.email, ip: client.ip },
      action: 'auth.sign_in_succeeded',
      target: { type: 'operator', id: operator.id },
    });
    return token;
  });
  return { operator, token, deviceId };
}

/** Sign-out: recorded when the cookie named a live session (signing out without one changes nothing). */
export async function signOut(db: Database, token: string | undefined, ip: string): Promise<void> {
  const operator = token ? await resolveSession(db, token).catch(() => undefined) : undefined;
  await db.transaction(async (tx) => {
    await endSession(tx, token);
    if (operator) {
      await recordAudit(tx, {
        actor: { kind: 'operator', id: operator.id, email: operator.email, ip },
        action: 'auth.signed_out',
        target: { type: 'operator', id: operator.id },
      });
    }
  });
}
