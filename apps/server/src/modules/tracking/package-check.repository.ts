import { and, count, eq, gte, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { packageChecks } from '../../db/schema/index.ts';

/** The two budgets' lock classes: a package's tries and an address's tries are counted one request at a time. */
const LOCK_CODE = 1;
const LOCK_CLIENT = 2;

/**
 * Holds, until the transaction ends, the locks of the code's and the client's counts (the code's
 * first, so two requests never wait on each other in turn): two tries at once are counted one after
 * the other, and a sixth wrong one never slips between a count and its row.
 */
export async function lockChecksOf(tx: Database, trackingCode: string, client: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CODE}, hashtext(${trackingCode}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLIENT}, hashtext(${client}))`);
}

/** The wrong tries since `since` of the code and of the client, with the oldest of each (when its hour ends). */
export async function countWrongChecks(tx: Database, trackingCode: string, client: string, since: Date) {
  const wrongSince = (column: typeof packageChecks.trackingCode | typeof packageChecks.client, value: string) =>
    tx
      .select({ n: count(), oldest: min(packageChecks.at) })
      .from(packageChecks)
      .where(and(eq(column, value), eq(packageChecks.outcome, 'wrong'), gte(packageChecks.at, since)));
  const [[byCode], [byClient]] = await Promise.all([
    wrongSince(packageChecks.trackingCode, trackingCode),
    wrongSince(packageChecks.client, client),
  ]);
  return { byCode: byCode!, byClient: byClient! };
}

/** Stores a try, and forgets those older than `forgetBefore` (past every budget's hour). */
export async function recordCheck(
  tx: Database,
  row: { trackingCode: string; client: string; outcome: 'verified' | 'wrong'; at: Date },
  forgetBefore: Date,
): Promise<void> {
  await tx.insert(packageChecks).values(row);
  await tx.delete(packageChecks).where(lt(packageChecks.at, forgetBefore));
}
