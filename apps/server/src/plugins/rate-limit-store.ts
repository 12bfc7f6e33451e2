import { lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters, rateLimitPeers } from '../db/schema/index.ts';

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

/** How long a process that stopped settling still counts as alive. */
export const PEER_LIFETIME_MS = 5000;

/** Hits one process counted alone for a key, in a window of `windowMs`, now told to the database. */
export interface Settlement {
  key: string;
  count: number;
  windowMs: number;
}

export interface Settled {
  /** Each settled key's count in the database after the settlement (every process's), and its time left. */
  counts: Map<string, Hit>;
  /** The processes that settled within `PEER_LIFETIME_MS`, this one included. */
  peers: number;
}

/**
 * Adds each key's hits to its counter, as `hitCounter` does one by one, and marks the process `peer`
 * as alive, in one statement. The keys are written in their order, so two processes settling the same
 * keys at once wait for each other instead of deadlocking.
 */
export async function settleCounters(db: Database, peer: string, hits: Settlement[]): Promise<Settled> {
  const expired = sql.raw('c.expires_at <= now()');
  const rows = hits.map((hit) => ({ key: hit.key, count: hit.count, window_ms: Math.round(hit.windowMs) }));
  type Row = { peers: number; counts: string | { key: string; count: number; ttl: number }[] };
  const result = (await db.execute(sql`
    WITH hits AS (
      SELECT key, count, window_ms FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS h(key text, count integer, window_ms integer)
    ), counted AS (
      INSERT INTO rate_limit_counters AS c (key, count, expires_at)
      SELECT key, count, now() + (window_ms * interval '1 millisecond') FROM hits ORDER BY key
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${expired} THEN excluded.count
          ELSE least(c.count, ${MAX_COUNT}::integer - excluded.count) + excluded.count END,
        expires_at = CASE WHEN ${expired} THEN excluded.expires_at ELSE c.expires_at END
      RETURNING c.key, c.count,
        greatest(0, ceil(extract(epoch FROM c.expires_at - now()) * 1000))::integer AS ttl
    ), beat AS (
      INSERT INTO rate_limit_peers (id, seen_at) VALUES (${peer}, now())
      ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at
      RETURNING id
    )
    SELECT
      (SELECT count(*) FROM rate_limit_peers
        WHERE id <> ${peer} AND seen_at > now() - (${PEER_LIFETIME_MS}::integer * interval '1 millisecond'))::integer
        + (SELECT count(*) FROM beat)::integer AS peers,
      (SELECT coalesce(json_agg(json_build_object('key', key, 'count', count, 'ttl', ttl)), '[]'::json)
        FROM counted) AS counts
  `)) as unknown as { rows: Row[] };
  const [row] = result.rows;
  if (!row) throw new Error('the rate-limit settlement returned no row');
  const counts = typeof row.counts === 'string' ? JSON.parse(row.counts) : row.counts;
  return {
    peers: Number(row.peers),
    counts: new Map(
      (counts as { key: string; count: number; ttl: number }[]).map((c) => [c.key, { current: c.count, ttl: c.ttl }]),
    ),
  };
}

/** A process that stops cleanly leaves the peers at once, so the others count more alone again. */
export async function leavePeers(db: Database, peer: string): Promise<void> {
  await db.delete(rateLimitPeers).where(sql`${rateLimitPeers.id} = ${peer}`);
}

/**
 * Deletes the counters whose window has ended, and the processes not seen for a minute; returns how
 * many counters. Cheap: it walks the expiry index.
 */
export async function deleteExpiredCounters(db: Database): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  await db.delete(rateLimitPeers).where(lte(rateLimitPeers.seenAt, sql`now() - interval '1 minute'`));
  return deleted.length;
}
