import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

/** One key as the table names it: a route, whose it is (an operator, or '' for the public) and the key. */
export interface KeyId {
  route: string;
  scope: string;
  key: string;
}

export interface StoredKey {
  requestHash: string;
  state: 'in_progress' | 'done';
  statusCode: number | null;
  responseBody: string | null;
  /** Past its 24 hours: as good as absent. */
  expired: boolean;
  /** Its owner stopped renewing the claim (a crashed process): another request may take it over. */
  leaseEnded: boolean;
}

// Times are the database's (`now()`), not a process's clock: several processes compare the same leases.
const fromNow = (ms: number) => sql`now() + (${Math.round(ms)}::integer * interval '1 millisecond')`;

const matches = (id: KeyId) =>
  and(eq(idempotencyKeys.route, id.route), eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.key, id.key));

/** Claims a key that nobody holds; false when a row for it exists (whatever its state). */
export async function insertClaim(
  db: Database,
  id: KeyId,
  claim: { requestHash: string; owner: string; leaseMs: number; ttlMs: number },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      ...id,
      requestHash: claim.requestHash,
      owner: claim.owner,
      leaseUntil: fromNow(claim.leaseMs),
      expiresAt: fromNow(claim.ttlMs),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

export async function findKey(db: Database, id: KeyId): Promise<StoredKey | undefined> {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      state: idempotencyKeys.state,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
      expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
      leaseEnded: sql<boolean>`${idempotencyKeys.leaseUntil} <= now()`,
    })
    .from(idempotencyKeys)
    .where(matches(id));
  return row as StoredKey | undefined;
}

/** Removes the key if it has expired (the next claim then starts afresh). */
export async function deleteExpiredKey(db: Database, id: KeyId): Promise<void> {
  await db.delete(idempotencyKeys).where(and(matches(id), lte(idempotencyKeys.expiresAt, sql`now()`)));
}

/** Takes over an in-progress key whose owner's lease ended; true when this owner now holds it. */
export async function takeOverKey(db: Database, id: KeyId, owner: string, leaseMs: number): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ owner, leaseUntil: fromNow(leaseMs) })
    .where(and(matches(id), eq(idempotencyKeys.state, 'in_progress'), lte(idempotencyKeys.leaseUntil, sql`now()`)))
    .returning({ key: idempotencyKeys.key });
  return taken.length === 1;
}

/** Extends the owner's lease while its request is still running. */
export async function renewLease(db: Database, id: KeyId, owner: string, leaseMs: number): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ leaseUntil: fromNow(leaseMs) })
    .where(and(matches(id), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, 'in_progress')));
}

/** Stores the first answer; from now on every repeat replays it. */
export async function completeKey(
  db: Database,
  id: KeyId,
  owner: string,
  answer: { statusCode: number; body: string },
): Promise<boolean> {
  const done = await db
    .update(idempotencyKeys)
    .set({ state: 'done', statusCode: answer.statusCode, responseBody: answer.body })
    .where(and(matches(id), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, 'in_progress')))
    .returning({ key: idempotencyKeys.key });
  return done.length === 1;
}

/** Lets the key go (the request failed on the server's side): the next request with it runs afresh. */
export async function releaseKey(db: Database, id: KeyId, owner: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(matches(id), eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.state, 'in_progress')));
}

/** Deletes every expired key; returns how many. */
export async function deleteExpiredKeys(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
