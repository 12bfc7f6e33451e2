import { createHash } from 'node:crypto';

/** An answer as it is sent: the JSON text and its strong ETag; `json` undefined for "not found". */
export interface CachedAnswer {
  json: string | undefined;
  etag: string | undefined;
}

interface Entry {
  answer: CachedAnswer;
  expiresAt: number;
  bytes: number;
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
 * The answers of one process, by key, least recently used first out, each for a limited time. Loads
 * of one key at the same moment share one database read. An answer is kept only while the cache is
 * `enabled` (its owner hears every change) and only if no change of its key was announced while it
 * was being read: an answer read before a change and stored after it would stay stale.
 */
export class AnswerCache {
  readonly #options: Required<AnswerCacheOptions>;
  // A Map iterates in insertion order: re-inserting on a hit keeps the least recently used first.
  readonly #found = new Map<string, Entry>();
  readonly #missing = new Map<string, Entry>();
  readonly #flights = new Map<string, Flight>();
  #bytes = 0;
  #enabled = false;

  constructor(options: AnswerCacheOptions) {
    this.#options = { now: Date.now, random: Math.random, ttlSpread: 0, ...options };
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
    const entry = this.#take(this.#found, key) ?? this.#take(this.#missing, key);
    if (entry) return Promise.resolve(entry.answer);
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
    const entry = this.#found.get(key);
    if (entry) {
      this.#found.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.#flights.clear();
    this.#found.clear();
    this.#missing.clear();
    this.#bytes = 0;
  }

  async #read(load: () => Promise<string | undefined>, check?: (json: string) => void): Promise<CachedAnswer> {
    const json = await load();
    if (json === undefined) return NOT_FOUND;
    check?.(json);
    return { json, etag: strongEtag(json) };
  }

  #take(map: Map<string, Entry>, key: string): Entry | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    map.delete(key);
    if (entry.expiresAt <= this.#options.now()) {
      if (map === this.#found) this.#bytes -= entry.bytes;
      return undefined;
    }
    map.set(key, entry);
    return entry;
  }

  #keep(key: string, answer: CachedAnswer): void {
    const { maxEntries, maxBytes, maxMisses, ttlMs, missTtlMs, ttlSpread, now, random } = this.#options;
    if (answer.json === undefined) {
      this.#missing.set(key, { answer, expiresAt: now() + missTtlMs, bytes: 0 });
      while (this.#missing.size > maxMisses) this.#missing.delete(this.#missing.keys().next().value!);
      return;
    }
    const bytes = answer.json.length;
    if (bytes > maxBytes) return;
    this.#found.set(key, { answer, expiresAt: now() + ttlMs * (1 - ttlSpread * random()), bytes });
    this.#bytes += bytes;
    while (this.#found.size > maxEntries || this.#bytes > maxBytes) {
      const [oldestKey, oldest] = this.#found.entries().next().value!;
      this.#found.delete(oldestKey);
      this.#bytes -= oldest.bytes;
    }
  }
}
