/** The channel migration 0037's triggers announce a changed key or account on: the account's id, or '*'. */
export const API_KEYS_CHANNEL = 'api_keys_changed';

/** The sender details an account's shipments carry. */
export interface Sender {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** Who a live key speaks for. */
export interface ApiClient {
  accountId: string;
  keyId: string;
  sender: Sender;
}

interface Entry {
  client: ApiClient;
  expiresAt: number;
  /** When this process last noted the key's use in the database. */
  touchedAt: number;
}

export const API_KEY_CACHE_LIMITS = {
  maxEntries: 10_000,
  // A safety net, not the invalidation (the database's announcements are): a key read at most this long ago.
  ttlMs: 60_000,
};

/** A key's use is noted at most this often (`last_used_at`). */
export const KEY_TOUCH_INTERVAL_MS = 60_000;

/**
 * The live keys this process has read, by their SHA-256, and their accounts. Kept true by the
 * database's announcements: a key revoked or deleted, or its account closed or changed, makes the
 * database announce the account (NOTIFY in that transaction); each process drops its keys. While
 * changes are not heard the cache is off and every request reads the database. Unknown keys are never
 * kept: they are read every time.
 */
export class ApiKeyCache {
  private readonly entries = new Map<string, Entry>();
  private on = false;
  /** Moves on every drop, so a read that began before a drop does not put back what it read. */
  private generation = 0;

  constructor(private readonly limits = API_KEY_CACHE_LIMITS) {}

  get enabled(): boolean {
    return this.on;
  }

  set enabled(on: boolean) {
    this.on = on;
    if (!on) this.clear();
  }

  /** What a read that starts now must show `set` to be kept. */
  get version(): number {
    return this.generation;
  }

  get(keyHash: string, now: number): ApiClient | undefined {
    if (!this.on) return undefined;
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.client;
  }

  /** Keeps a key read from the database, unless something was dropped since the read began (`version`). */
  set(keyHash: string, client: ApiClient, version: number, now: number): void {
    if (!this.on || version !== this.generation) return;
    if (this.entries.size >= this.limits.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, { client, expiresAt: now + this.limits.ttlMs, touchedAt: now });
  }

  /** True (and noted) when the key's use is due to be written again. */
  touchDue(keyHash: string, now: number): boolean {
    const entry = this.entries.get(keyHash);
    if (!entry || now - entry.touchedAt < KEY_TOUCH_INTERVAL_MS) return false;
    entry.touchedAt = now;
    return true;
  }

  /** What the database announced: an account's keys changed ('*': any). */
  changed(accountId: string): void {
    this.generation += 1;
    if (accountId === '*') {
      this.entries.clear();
      return;
    }
    for (const [keyHash, entry] of this.entries) {
      if (entry.client.accountId === accountId) this.entries.delete(keyHash);
    }
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
