import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// N=2^14, r=8, p=1: ~50 ms a hash here; stored with each hash so it can be raised later.
const COST = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await deriveKey(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A readable random password for generated accounts (about 120 bits). */
export function generatePassword(): string {
  return randomBytes(20).toString('base64url');
}

/** A hash to verify against when the e-mail is unknown, so both answers take as long. */
export const DUMMY_HASH_PROMISE: Promise<string> = hashPassword(generatePassword());
