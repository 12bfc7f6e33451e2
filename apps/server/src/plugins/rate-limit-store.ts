import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

/** What a counter holds after a hit: hits in the window, and milliseconds until the window ends. */
export interface Hit {
  current: number;
  ttl: number;
}

// The count stops short of integer overflow; a client that far past any limit is refused all the same.
const MAX_COUNT = 2_147_483_646;

/**
 * Counts one hit in a fixed window, in one statement: the row is locked while it changes, so hits from
 * any number of processes at once each get their own count. The clock is the database's (`now()`),
 * which every process shares; the first hit after the window starts a new one at 1.
 */
export async function hitCounter(db: Database, key: string, timeWindowMs: number): Promise<Hit> {
  const windowMs = Math.round(timeWindowMs);
  const expired = sql`${rateLimitCounters.expiresAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({
      key,
      count: 1,
      expiresAt: sql`now() + (${windowMs}::integer * interval '1 millisecond')`,
    })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE least(${rateLimitCounters.count}, ${MAX_COUNT}::integer) + 1 END`,
        expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${rateLimitCounters.expiresAt} END`,
      },
    })
    .returning({
      current: rateLimitCounters.count,
      // The end is stored to the millisecond and now() to the microsecond: rounding up may pass the window.
      ttl: sql<number>`least(${windowMs}::integer, greatest(0, ceil(extract(epoch FROM ${rateLimitCounters.expiresAt} - now()) * 1000)))::integer`,
    });
  if (!row) throw new Error('the rate-limit counter returned no row');
  return { current: row.current, ttl: Number(row.ttl) };
}

/** Deletes the counters whose window has ended; returns how many. Cheap: it walks the expiry index. */
export async function deleteExpiredCounters(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

export interface DatabaseStoreOptions {
  /** The app's database, read at each hit: the store is made before the database plugin opens it. */
  db(): Database;
  /** Turns a failed count into the error the limiter raises (or swallows, for a limit that fails open). */
  onError(error: unknown): Error;
}

/**
 * A @fastify/rate-limit store over the `rate_limit_counters` table. One class serves every limiter:
 * the key (see `rateLimitKey`) already names the route, so `child` needs no prefix of its own.
 */
export function databaseStore(options: DatabaseStoreOptions): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      hitCounter(options.db(), key, timeWindow).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(options.onError(error)),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseStore;
}
