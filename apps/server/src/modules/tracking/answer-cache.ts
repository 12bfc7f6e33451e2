import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** An answer as it is sent: the JSON text and its strong ETag; `json` undefined for "not found". */
export interface CachedAnswer {
  json: string | undefined;
  etag: string | undefined;
}

interface Flight {
  promise: Promise<CachedAnswer>;
}

export interface AnswerCacheOptions {
  /** Found answers kept at most (least recently used go first). */
  maxEntries: number;
  /** And at most this many characters of JSON text in all, whatever the number of entries. */
  maxBytes: number;
  /** "Not found" answers kept at most, apart: a flood of guessed codes cannot push out real answers. */
  maxMisses: number;
  /** Lifetime of an answer, whatever the notifications say. */
  ttlMs: number;
  missTtlMs: number;
  /**
   * Each answer's lifetime is cut by a random part of up to this fraction, so answers read together (a
   * busy minute, a start) do not all expire together and come back to the database at once.
   */
  ttlSpread?: number;
  now?: () => number;
  random?: () => number;
}

/** A strong ETag from the body's bytes: equal bodies, equal tags, on every process. */
export function strongEtag(json: string): string {
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`;
}

const NOT_FOUND: CachedAnswer = { json: undefined, etag: undefined };

/**
 * An answer kept `ms` is gone once `ms` have passed; lru-cache counts one stale only past its `ttl`
 * (whole milliseconds, as the clock gives them).
 */
const lifetime = (ms: number) => Math.max(1, Math.ceil(ms) - 1);

/**
 * The answers of one process, by key, least recently used first out, each for a limited time. Loads
 * of one key at the same moment share one database read. An answer is kept only while the cache is
 * `enabled` (its owner hears every change) and only if no change of its key was announced while it
 * was being read: an answer read before a change and stored after it would stay stale.
 */
export class AnswerCache {
  readonly #options: Required<AnswerCacheOptions>;
  readonly #found: LRUCache<string, CachedAnswer>;
  readonly #missing: LRUCache<string, CachedAnswer>;
  readonly #flights = new Map<string, Flight>();
  #enabled = false;

  constructor(options: AnswerCacheOptions) {
    this.#options = { now: Date.now, random: Math.random, ttlSpread: 0, ...options };
    const { maxEntries, maxBytes, maxMisses, ttlMs, missTtlMs, now } = this.#options;
    // lru-cache: least recently used out first, each entry for its own time (no timers: an expired
    // answer is dropped when it is next asked for), on this cache's clock.
    const perf = { now };
    this.#found = new LRUCache({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (answer) => Math.max(1, answer.json?.length ?? 0),
      ttl: ttlMs,
      ttlResolution: 0,
      perf,
    });
    this.#missing = new LRUCache({ max: maxMisses, ttl: missTtlMs, ttlResolution: 0, perf });
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /** Off: everything kept is dropped and every request reads the database until it is on again. */
  set enabled(on: boolean) {
    this.clear();
    this.#enabled = on;
  }

  get size(): number {
    return this.#found.size + this.#missing.size;
  }

  /**
   * The answer for `key`, from memory or from `load` (the JSON text, or undefined for "not found").
   * `check` runs once on each text loaded, before it is kept or sent.
   */
  get(key: string, load: () => Promise<string | undefined>, check?: (json: string) => void): Promise<CachedAnswer> {
    if (!this.#enabled) return this.#read(load, check);
    const kept = this.#found.get(key) ?? this.#missing.get(key);
    if (kept) return Promise.resolve(kept);
    const shared = this.#flights.get(key);
    if (shared) return shared.promise;
    const flight = {} as Flight;
    flight.promise = this.#read(load, check).then(
      (answer) => {
        if (this.#flights.get(key) === flight) {
          this.#flights.delete(key);
          this.#keep(key, answer);
        }
        return answer;
      },
      (error: unknown) => {
        if (this.#flights.get(key) === flight) this.#flights.delete(key);
        throw error;
      },
    );
    this.#flights.set(key, flight);
    return flight.promise;
  }

  /** A change of `key` was announced: forget its answer, and one being read now is not kept. */
  invalidate(key: string): void {
    this.#flights.delete(key);
    this.#missing.delete(key);
    this.#found.delete(key);
  }

  clear(): void {
    this.#flights.clear();
    this.#found.clear();
    this.#missing.clear();
  }

  async #read(load: () => Promise<string | undefined>, check?: (json: string) => void): Promise<CachedAnswer> {
    const json = await load();
    if (json === undefined) return NOT_FOUND;
    check?.(json);
    return { json, etag: strongEtag(json) };
  }

  #keep(key: string, answer: CachedAnswer): void {
    const { ttlMs, missTtlMs, ttlSpread, random } = this.#options;
    if (answer.json === undefined) {
      this.#missing.set(key, answer, { ttl: lifetime(missTtlMs) });
      return;
    }
    // Larger than the whole budget: lru-cache keeps nothing (maxEntrySize is maxSize).
    this.#found.set(key, answer, { ttl: lifetime(ttlMs * (1 - ttlSpread * random())) });
  }
}
