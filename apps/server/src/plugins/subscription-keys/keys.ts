import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the addresses of tracking e-mail updates, and the one-time links waiting in the mail outbox,
 * are kept with. The database holds an address twice, neither readable alone: a keyed hash
 * (HMAC-SHA256), to find a repeat without decrypting every row, and a sealed copy (AES-256-GCM),
 * opened only by the outbox when it sends. A queued link (an invitation, a password reset, a
 * subscription's confirmation) is sealed the same way under a key of its own. The key lives outside
 * the database (SUBSCRIPTION_KEY, or a key file in DATA_DIR), so a dump of the database, a backup
 * file or a read-only SQL account reveals no address and no usable link, whatever state a message is in.
 */
export interface SubscriptionKeys {
  /** The keyed hash of an address (lower-cased and trimmed first). */
  hashEmail(email: string): string;
  seal(address: string): string;
  /** The address again; throws when the text was not sealed with this key. */
  open(sealed: string): string;
  /**
   * The unsubscribe token of a subscription: derived from its id with the key, so every update can
   * carry the link while the database keeps only the token's SHA-256 (it cannot rebuild the link).
   */
  unsubscribeToken(subscriptionId: string): string;
  /** A one-time link sealed for the mail outbox, opened only to send it. */
  sealLink(link: string): string;
  /** The link again; throws when the text was not sealed with this key. */
  openLink(sealed: string): string;
  /**
   * The keyed hash of a text subscription's 6-digit code, bound to the subscription: without the key a
   * dump of the database cannot try the million codes.
   */
  hashTextCode(subscriptionId: string, code: string): string;
}

export const KEY_FILE_NAME = 'subscription.key';
const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** SHA-256 of a token as stored (hex): a token in a link is a credential, its hash is not. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh one-time token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A token as links carry it: 43 base64url characters. Anything else is not looked up. */
export function isTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

const subkey = (master: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `waybill subscriptions: ${purpose}`, 32));

function sealWith(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function openWith(key: Buffer, sealed: string, what: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error(`not a sealed ${what}`);
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The five uses of the one configured key each get their own derived key. */
export function subscriptionKeysFrom(master: Buffer): SubscriptionKeys {
  const hashKey = subkey(master, 'address hash');
  const sealKey = subkey(master, 'address seal');
  const tokenKey = subkey(master, 'unsubscribe token');
  const linkKey = subkey(master, 'outbox link seal');
  const textCodeKey = subkey(master, 'text code hash');
  return {
    hashEmail: (email) => createHmac('sha256', hashKey).update(email.trim().toLowerCase()).digest('hex'),
    seal: (address) => sealWith(sealKey, address),
    open: (sealed) => openWith(sealKey, sealed, 'address'),
    sealLink: (link) => sealWith(linkKey, link),
    openLink: (sealed) => openWith(linkKey, sealed, 'link'),
    hashTextCode: (subscriptionId, code) =>
      createHmac('sha256', textCodeKey).update(`${subscriptionId}:${code}`).digest('hex'),
    unsubscribeToken: (subscriptionId) =>
      createHmac('sha256', tokenKey).update(subscriptionId).digest().subarray(0, 32).toString('base64url'),
  };
}

/**
 * The key from SUBSCRIPTION_KEY, else from DATA_DIR/subscription.key, created (mode 0600) on the first
 * start; two processes starting together on one DATA_DIR keep the same key.
 * Processes on different machines must share SUBSCRIPTION_KEY: each would otherwise make its own file
 * and could not open the others' addresses.
 */
export function loadSubscriptionKey(config: { dataDir: string; subscriptionKey: Buffer | undefined }): {
  key: Buffer;
  source: 'environment' | 'file';
  file?: string;
} {
  if (config.subscriptionKey) return { key: config.subscriptionKey, source: 'environment' };
  const file = path.join(config.dataDir, KEY_FILE_NAME);
  if (!existsSync(file)) {
    // Written aside and linked into place: a link never replaces a file, so a process that lost the
    // race reads the winner's key, and nobody reads a half-written one.
    mkdirSync(config.dataDir, { recursive: true });
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    writeFileSync(partial, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(partial, { force: true });
    }
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64)`);
  return { key, source: 'file', file };
}
