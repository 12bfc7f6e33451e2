import { eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operators, sessions } from '../../db/schema/index.ts';

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

/** Inserts an operator; returns undefined when the e-mail is taken. */
export async function insertOperator(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .insert(operators)
    .values({ email: email.toLowerCase(), passwordHash })
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
    .select({ session: sessions, email: operators.email })
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
