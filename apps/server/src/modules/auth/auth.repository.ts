import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operators, sessions, signInFailures } from '../../db/schema/index.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findOperatorByEmail(db: Database, email: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email.toLowerCase())).limit(1);
  return row;
}

export async function countOperators(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(operators);
  return row?.count ?? 0;
}

export interface NewOperator {
  email: string;
  /** Null for an invited operator, until they set one through their link. */
  passwordHash: string | null;
  name?: string;
  role: 'admin' | 'operator';
}

/** Inserts an operator; returns undefined when the e-mail is taken. */
export async function insertOperator(db: Database, values: NewOperator): Promise<OperatorRow | undefined> {
  const [row] = await db
    .insert(operators)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateOperatorPassword(db: Database, email: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(operators.email, email.toLowerCase()))
    .returning({ id: operators.id });
  return rows.length > 0;
}

export async function insertSession(
  db: Database,
  values: { tokenHash: string; operatorId: string; expiresAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function findSessionWithOperator(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      session: sessions,
      email: operators.email,
      name: operators.name,
      role: operators.role,
      active: operators.active,
    })
    .from(sessions)
    .innerJoin(operators, eq(operators.id, sessions.operatorId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByTokenHash(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfOperator(db: Database, operatorId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.operatorId, operatorId));
}

/** Drops sessions that ended before `before` (absolute or idle expiry). */
export async function deleteSessionsEndedBefore(db: Database, before: Date, idleMs: number): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.lastSeenAt, new Date(before.getTime() - idleMs))));
}

export async function recordSignIn(db: Database, operatorId: string, at: Date): Promise<void> {
  await db.update(operators).set({ lastSignInAt: at }).where(eq(operators.id, operatorId));
}

/** When the sign-in lock of an e-mail address ends, if it is locked at `now`. */
export async function signInLockedUntil(db: Database, email: string, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gt(signInFailures.lockedUntil, now)))
    .limit(1);
  return row?.lockedUntil ?? undefined;
}

/**
 * Counts a failed sign-in for an address in one statement (so concurrent failures in any process all
 * count): the count starts again once its window has passed, and reaching `limit` within the window
 * locks the address until `now + lockMs`. Rows of ended windows are swept on the way.
 */
export async function recordSignInFailure(
  db: Database,
  email: string,
  now: Date,
  rule: { limit: number; windowMs: number; lockMs: number },
): Promise<void> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const lockedUntil = new Date(now.getTime() + rule.lockMs);
  const inWindow = sql`${signInFailures.windowStartedAt} > ${windowStart}`;
  const count = sql`case when ${inWindow} then ${signInFailures.failures} + 1 else 1 end`;
  await db
    .insert(signInFailures)
    .values({ email, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: count,
        windowStartedAt: sql`case when ${inWindow} then ${signInFailures.windowStartedAt} else ${now} end`,
        lockedUntil: sql`case when ${count} >= ${rule.limit} then ${lockedUntil} else ${signInFailures.lockedUntil} end`,
      },
    });
  await db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.windowStartedAt, windowStart),
        or(isNull(signInFailures.lockedUntil), lt(signInFailures.lockedUntil, now)),
      ),
    );
}

export async function clearSignInFailures(db: Database, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
