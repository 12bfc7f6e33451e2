import { and, asc, eq, gt, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { operators, operatorTokens, sessions } from '../../db/schema/index.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type TokenRow = typeof operatorTokens.$inferSelect;

export async function listOperators(db: Database): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.email));
}

export async function findOperatorById(db: Database, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export async function findOperatorsByIds(db: Database, ids: string[]): Promise<OperatorRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(operators).where(inArray(operators.id, ids));
}

/**
 * Locks the rows of the admins who can sign in (active, with a password: an admin invited who never
 * set one cannot) until the transaction ends and returns their ids. Every change that could remove an
 * admin takes this lock first, so two of them cannot both see "another admin is left" and leave none:
 * the second waits, then sees the first one's change.
 */
export async function lockActiveAdmins(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), eq(operators.active, true), isNotNull(operators.passwordHash)))
    .orderBy(asc(operators.id))
    .for('update');
  return rows.map((row) => row.id);
}

export async function updateOperator(
  db: Database,
  id: string,
  changes: Partial<Pick<OperatorRow, 'role' | 'active' | 'name' | 'passwordHash'>>,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .update(operators)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(operators.id, id))
    .returning();
  return row;
}

export async function deleteSessionsOf(db: Database, operatorId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.operatorId, operatorId), ne(sessions.id, keepSessionId))
        : eq(sessions.operatorId, operatorId),
    );
}

/** Stores a link's token hash; earlier unused links of the operator stop working (only the newest counts). */
export async function replaceToken(
  db: Database,
  values: { operatorId: string; purpose: 'invite' | 'reset'; tokenHash: string; expiresAt: Date },
): Promise<TokenRow> {
  await db
    .delete(operatorTokens)
    .where(and(eq(operatorTokens.operatorId, values.operatorId), isNull(operatorTokens.usedAt)));
  const [row] = await db.insert(operatorTokens).values(values).returning();
  return row!;
}

/** The operator a token was sent to, while it is unused and unexpired (it is not used here). */
export async function findUsableToken(db: Database, tokenHash: string, now: Date): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(operatorTokens)
    .where(
      and(eq(operatorTokens.tokenHash, tokenHash), isNull(operatorTokens.usedAt), gt(operatorTokens.expiresAt, now)),
    )
    .limit(1);
  return row;
}

/**
 * Uses a token: one statement marks it used only if it is unused and unexpired, so of two requests
 * with the same link at most one gets the row back.
 */
export async function consumeToken(db: Database, tokenHash: string, now: Date): Promise<TokenRow | undefined> {
  const [row] = await db
    .update(operatorTokens)
    .set({ usedAt: now })
    .where(
      and(eq(operatorTokens.tokenHash, tokenHash), isNull(operatorTokens.usedAt), gt(operatorTokens.expiresAt, now)),
    )
    .returning();
  return row;
}
