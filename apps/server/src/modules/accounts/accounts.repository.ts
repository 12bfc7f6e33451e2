import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountMembers,
  accountMemberTokens,
  accountSessions,
  apiKeys,
  customerAccounts,
} from '../../db/schema/index.ts';

export type AccountRow = typeof customerAccounts.$inferSelect;
export type MemberRow = typeof accountMembers.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Inserts an account; undefined when one was already made from the same request. */
export async function insertAccount(
  db: Database,
  values: typeof customerAccounts.$inferInsert,
): Promise<AccountRow | undefined> {
  const [row] = await db.insert(customerAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAccountById(db: Database, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(customerAccounts).where(eq(customerAccounts.id, id)).limit(1);
  return row;
}

/** Inserts a member (the e-mail lower-cased); undefined when the address already belongs to someone. */
export async function insertMember(
  db: Database,
  values: { accountId: string; email: string; name: string; role: 'owner' | 'member'; passwordHash?: string | null },
): Promise<MemberRow | undefined> {
  const [row] = await db
    .insert(accountMembers)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findMemberByEmail(db: Database, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(eq(accountMembers.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/** A member of this account only: another account's member is not found. */
export async function findMemberOf(db: Database, accountId: string, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.id, id)))
    .limit(1);
  return row;
}

export async function findMemberById(db: Database, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(accountMembers).where(eq(accountMembers.id, id)).limit(1);
  return row;
}

export async function listMembersOf(db: Database, accountId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(accountMembers)
    .where(eq(accountMembers.accountId, accountId))
    .orderBy(asc(accountMembers.createdAt), asc(accountMembers.id));
}

/** The account's owners, locked until the transaction ends: two removals at once cannot both leave none. */
export async function lockOwnersOf(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ id: accountMembers.id })
    .from(accountMembers)
    .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.role, 'owner')))
    .for('update');
  return rows.map((row) => row.id);
}

export async function deleteMember(db: Database, id: string): Promise<void> {
  await db.delete(accountMembers).where(eq(accountMembers.id, id));
}

export async function updateMember(
  db: Database,
  id: string,
  values: Partial<Pick<MemberRow, 'passwordHash' | 'name' | 'lastSignInAt'>>,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(accountMembers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountMembers.id, id))
    .returning();
  return row;
}

// --- One-time links ---

/** Stores a member's new link; their earlier unused links stop working. */
export async function replaceMemberToken(
  db: Database,
  values: { memberId: string; purpose: 'invite' | 'reset'; tokenHash: string; expiresAt: Date },
): Promise<{ id: string }> {
  await deleteUnusedTokensOf(db, values.memberId);
  const [row] = await db.insert(accountMemberTokens).values(values).returning({ id: accountMemberTokens.id });
  return row!;
}

export async function deleteUnusedTokensOf(db: Database, memberId: string): Promise<void> {
  await db
    .delete(accountMemberTokens)
    .where(and(eq(accountMemberTokens.memberId, memberId), isNull(accountMemberTokens.usedAt)));
}

export async function findUsableMemberToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountMemberTokens)
    .where(
      and(
        eq(accountMemberTokens.tokenHash, tokenHash),
        isNull(accountMemberTokens.usedAt),
        gt(accountMemberTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the link used in the statement that checks it: of two requests with one link, one wins. */
export async function consumeMemberToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(accountMemberTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountMemberTokens.tokenHash, tokenHash),
        isNull(accountMemberTokens.usedAt),
        gt(accountMemberTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Whether the link of this id can still be used (the outbox sends it only then). */
export async function isMemberTokenUsable(db: Database, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: accountMemberTokens.id })
    .from(accountMemberTokens)
    .where(
      and(eq(accountMemberTokens.id, id), isNull(accountMemberTokens.usedAt), gt(accountMemberTokens.expiresAt, now)),
    )
    .limit(1);
  return row !== undefined;
}

// --- Sessions ---

export async function insertAccountSession(
  db: Database,
  values: { tokenHash: string; memberId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(accountSessions).values(values);
}

export async function findAccountSession(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ session: accountSessions, member: accountMembers, account: customerAccounts })
    .from(accountSessions)
    .innerJoin(accountMembers, eq(accountMembers.id, accountSessions.memberId))
    .innerJoin(customerAccounts, eq(customerAccounts.id, accountMembers.accountId))
    .where(eq(accountSessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touchAccountSession(db: Database, id: string, now: Date): Promise<void> {
  await db.update(accountSessions).set({ lastSeenAt: now }).where(eq(accountSessions.id, id));
}

export async function deleteAccountSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(accountSessions).where(eq(accountSessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfMember(db: Database, memberId: string): Promise<void> {
  await db.delete(accountSessions).where(eq(accountSessions.memberId, memberId));
}

export async function deleteAccountSessionsEndedBefore(db: Database, before: Date, idleMs: number): Promise<void> {
  await db
    .delete(accountSessions)
    .where(
      or(lt(accountSessions.expiresAt, before), lt(accountSessions.lastSeenAt, new Date(before.getTime() - idleMs))),
    );
}

// --- API keys ---

export async function insertApiKey(db: Database, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

export async function listApiKeysOf(db: Database, accountId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Revokes one key of this account (another account's key is not found); the row as it is now. */
export async function revokeApiKey(db: Database, accountId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now}::timestamptz)` })
    .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

/** The live key with this hash and its active account, read on every request (never cached). */
export async function findLiveApiKey(db: Database, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, account: customerAccounts })
    .from(apiKeys)
    .innerJoin(customerAccounts, eq(customerAccounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), eq(customerAccounts.status, 'active')))
    .limit(1);
  return row;
}

/** Notes a key's use, at most once a minute per key (a write per request would make every read a write). */
export async function touchApiKey(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - 60_000)))),
    );
}
