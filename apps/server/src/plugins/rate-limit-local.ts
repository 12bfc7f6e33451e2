import type { Hit, Settled, Settlement } from './rate-limit-store.ts';

/**
 * How far past its budget a client spread over every process may go: a tenth. The processes share it,
 * and one share is kept for a process that dies with hits it had not settled yet (see `allowance`).
 */
export const TOLERANCE = 0.1;
/** How often each process settles with the database (and says it is alive) when nothing hurries it. */
export const SETTLE_INTERVAL_MS = 1000;
/** The shortest time between two settlements, when a key's allowance is used up and a request waits. */
const SOON_MS = 50;

/** One key's window as this process sees it. */
interface Entry {
  /** When the window ends, on this process's clock (the database's once a settlement told it). */
  windowEnd: number;
  windowMs: number;
  max: number;
  /** The database's count at the last settlement of the key: every process's settled hits. */
  known: number;
  /** This process's hits since, not yet sent, and those in the settlement under way. */
  pending: number;
  settling: number;
  /** A request waits for this key's next settlement: only such keys are written. */
  wanted: boolean;
}

export interface LocalCountsOptions {
  /** One statement: adds each key's hits to the shared count and returns the counts, and the live processes. */
  settle(hits: Settlement[]): Promise<Settled>;
  /** Counts one hit in the shared count at once: for a budget too small to leave any hit unsettled. */
  hitNow(key: string, windowMs: number): Promise<Hit>;
  /** Takes this process off the live ones (a clean stop). */
  leave(): Promise<void>;
  /** A settlement failed (the hits stay pending and go with the next one). */
  onSettleError(error: unknown): void;
}

/**
 * Counts hits in this process's memory and settles them with the shared counters in batches, so a
 * request costs a Map look-up and the database sees one statement a second or so, however many keys.
 *
 * Each process may count up to `allowance` hits of a key that the others do not know yet: the tenth of
 * the budget past which nobody may go, shared among the live processes plus one more. Once a key's
 * allowance is used, its next request waits for a settlement (at most `SOON_MS` away), which adds the
 * hits to the shared count and brings back everybody's. Past the budget, requests are refused here,
 * without a write. So a client spread over N processes gets at most its budget plus the tolerance,
 * even when a process dies with its unsettled hits (one share) and starts again knowing nothing.
 * A budget too small for a share of one hit (sign-in's, submissions') is counted hit by hit instead.
 */
export class LocalCounts {
  private readonly entries = new Map<string, Entry>();
  private peers = 1;
  private waiters: (() => void)[] = [];
  private settling: Promise<void> | undefined;
  private soon: NodeJS.Timeout | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastStart = 0;
  /** The last settlement failed: hits are counted here alone until one succeeds (the limits fail open). */
  private failing = false;

  constructor(private readonly options: LocalCountsOptions) {}

  /** Hits one process may count for a budget of `max` before the others know of them. */
  allowance(max: number): number {
    return Math.floor((max * TOLERANCE) / (this.peers + 1));
  }

  /** The live processes at the last settlement, this one included. */
  get livePeers(): number {
    return this.peers;
  }

  async hit(key: string, windowMs: number, max: number): Promise<Hit> {
    if (this.allowance(max) < 1) return this.hitShared(key, windowMs, max);
    for (;;) {
      const now = Date.now();
      let entry = this.entries.get(key);
      if (!entry || entry.windowEnd <= now) {
        entry = { windowEnd: now + windowMs, windowMs, max, known: 0, pending: 0, settling: 0, wanted: false };
        this.entries.set(key, entry);
      }
      const counted = entry.known + entry.settling + entry.pending;
      const ttl = entry.windowEnd - now;
      // Past the budget: refused, and not counted, so a client that keeps knocking costs no write.
      if (counted >= max) return { current: counted + 1, ttl };
      const unsettled = entry.pending + entry.settling;
      if (this.failing || unsettled < this.allowance(max)) {
        entry.pending += 1;
        return { current: counted + 1, ttl };
      }
      // Only a client that comes back past its allowance costs a write: most never do.
      entry.wanted = true;
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        this.settleSoon();
      });
    }
  }

  private async hitShared(key: string, windowMs: number, max: number): Promise<Hit> {
    const hit = await this.options.hitNow(key, windowMs);
    this.entries.set(key, {
      windowEnd: Date.now() + hit.ttl,
      windowMs,
      max,
      known: hit.current,
      pending: 0,
      settling: 0,
      wanted: false,
    });
    return hit;
  }

  /** Settles every second, and says the process is alive; `start` resolves after the first settlement. */
  async start(): Promise<void> {
    await this.settle(false);
    this.timer = setInterval(() => {
      this.sweep();
      void this.settle(false);
    }, SETTLE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the timer, settles every pending hit, however few (a clean stop loses none), and leaves. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.soon = undefined;
    await this.settling;
    await this.settle(true);
    await this.options.leave().catch((error: unknown) => this.options.onSettleError(error));
  }

  private settleSoon(): void {
    if (this.soon || this.settling) return;
    const delay = Math.max(0, this.lastStart + SOON_MS - Date.now());
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.settle(false);
    }, delay);
  }

  /**
   * One statement for every key a request waits for (`all`: every key with pending hits), plus
   * this process's heartbeat. Runs one at a time; waiting requests go on once it is back.
   */
  private settle(all: boolean): Promise<void> {
    if (this.settling) return this.settling;
    this.lastStart = Date.now();
    const sent: [Entry, Settlement][] = [];
    for (const [key, entry] of this.entries) {
      if (entry.pending === 0 || !(all || entry.wanted)) continue;
      entry.wanted = false;
      sent.push([entry, { key, count: entry.pending, windowMs: entry.windowMs }]);
      entry.settling += entry.pending;
      entry.pending = 0;
    }
    const waiters = this.waiters;
    this.waiters = [];
    this.settling = this.options
      .settle(sent.map(([, settlement]) => settlement))
      .then(
        (settled) => {
          this.failing = false;
          this.peers = Math.max(1, settled.peers);
          const now = Date.now();
          for (const [entry, settlement] of sent) {
            entry.settling -= settlement.count;
            const shared = settled.counts.get(settlement.key);
            if (!shared) continue;
            entry.known = shared.current - entry.settling;
            entry.windowEnd = now + shared.ttl;
          }
        },
        (error: unknown) => {
          this.failing = true;
          for (const [entry, settlement] of sent) {
            entry.settling -= settlement.count;
            entry.pending += settlement.count;
          }
          this.options.onSettleError(error);
        },
      )
      .finally(() => {
        this.settling = undefined;
        for (const resolve of waiters) resolve();
        if (this.waiters.length > 0) this.settleSoon();
      });
    return this.settling;
  }

  /** Forgets the windows that have ended; their unsettled hits no longer count anywhere. */
  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.windowEnd <= now && entry.settling === 0) this.entries.delete(key);
    }
  }
}
