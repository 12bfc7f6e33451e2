import type { OperatorRole } from '@waybill/domain';
import { and, eq, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operators, operatorTokens, sessions, signInFailures } from '../../db/schema/index.ts';

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
  role: OperatorRole;
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

/**
 * Deletes every unused link (invitation or reset) of an operator: once they are deactivated or their
 * password is set another way, a link still in a mailbox must not set it again.
 */
export async function deleteUnusedLinksOf(db: Database, operatorId: string): Promise<number> {
  const deleted = await db
    .delete(operatorTokens)
    .where(and(eq(operatorTokens.operatorId, operatorId), isNull(operatorTokens.usedAt)))
    .returning({ id: operatorTokens.id });
  return deleted.length;
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

/** How the wait between failed sign-ins grows (see SIGN_IN_THROTTLE in auth.service.ts). */
export interface ThrottleRule {
  /** Failures in a row that cost nothing. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; doubled at each further one… */
  firstWaitMs: number;
  /** …up to this. */
  maxWaitMs: number;
  /** Failures older than this are forgotten. */
  forgetAfterMs: number;
}

/**
 * Counts an attempt as a failure before its password is checked, in one statement, unless the key
 * must still wait: then nothing changes and the answer is the time the wait ends. Charging first means
 * attempts sent at the same moment from any number of addresses or processes each take their turn (a
 * burst cannot slip past the wait); a correct password then clears the key (`clearSignInFailures`).
 */
export async function claimSignInAttempt(
  db: Database,
  key: string,
  now: Date,
  rule: ThrottleRule,
): Promise<{ allowed: true } | { allowed: false; waitUntil: Date }> {
  const table = signInFailures;
  const forgotten = sql`${table.lastFailedAt} <= ${new Date(now.getTime() - rule.forgetAfterMs)}`;
  const failures = sql`(case when ${forgotten} then 1 else ${table.failures} + 1 end)`;
  // The wait after `count` failures, in milliseconds: none for the free ones, then doubling to the most.
  const wait = (count: SQL) =>
    sql`(case when ${count} < ${rule.freeFailures} then 0 else least(${rule.maxWaitMs}::double precision, ${rule.firstWaitMs}::double precision * power(2, least(${count} - ${rule.freeFailures}, 30))) end * interval '1 millisecond')`;
  const claimed = await db
    .insert(table)
    .values({ key, failures: 1, lastFailedAt: now, nextAttemptAt: sql`${now}::timestamptz + ${wait(sql`1`)}` })
    .onConflictDoUpdate({
      target: table.key,
      set: { failures, lastFailedAt: now, nextAttemptAt: sql`${now}::timestamptz + ${wait(failures)}` },
      setWhere: sql`${table.nextAttemptAt} <= ${now}`,
    })
    .returning({ failures: table.failures });
  if (claimed.length > 0) return { allowed: true };
  const [row] = await db.select({ nextAttemptAt: table.nextAttemptAt }).from(table).where(eq(table.key, key)).limit(1);
  // Cleared by a sign-in between the two statements: the wait is over.
  return row && row.nextAttemptAt > now ? { allowed: false, waitUntil: row.nextAttemptAt } : { allowed: true };
}

/** Forgets the failures of one key (a correct password from it). */
export async function clearSignInFailures(db: Database, key: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}

/**
 * Forgets every failure counted for an account: the attempts at its e-mail and those from each
 * browser its operator signed in from (a password set by the CLI or through a reset link).
 */
export async function clearAccountSignInFailures(
  db: Database,
  accountKey: string,
  devicePrefix: string,
): Promise<void> {
  await db
    .delete(signInFailures)
    .where(or(eq(signInFailures.key, accountKey), like(signInFailures.key, `${devicePrefix}%`)));
}

/** Drops the rows of failures old enough to be forgotten whose wait is over. */
export async function deleteForgottenSignInFailures(db: Database, now: Date, rule: ThrottleRule): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.lastFailedAt, new Date(now.getTime() - rule.forgetAfterMs)),
        lt(signInFailures.nextAttemptAt, now),
      ),
    );
}
