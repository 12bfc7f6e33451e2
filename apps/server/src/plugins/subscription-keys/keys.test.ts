import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { isTokenShape, KEY_FILE_NAME, loadSubscriptionKey, subscriptionKeysFrom } from './keys.ts';

const keys = subscriptionKeysFrom(randomBytes(32));
const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('subscription keys', () => {
  it('seals an address so that only the same key opens it, and any change to the text is refused', () => {
    const sealed = keys.seal('Ada@Example.org');
    expect(sealed).not.toContain('Ada');
    expect(keys.seal('Ada@Example.org')).not.toBe(sealed); // a fresh nonce each time
    expect(keys.open(sealed)).toBe('Ada@Example.org');
    expect(() => subscriptionKeysFrom(randomBytes(32)).open(sealed)).toThrow();
    // The character before the last, always another one (it was chosen by the last, and stayed the same
    // once in 64 runs).
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.slice(-1);
    expect(flipped).not.toBe(sealed);
    expect(() => keys.open(flipped)).toThrow();
  });

  it('hashes an address the same whatever its case and spaces, differently under another key', () => {
    expect(keys.hashEmail(' Ada@Example.ORG ')).toBe(keys.hashEmail('ada@example.org'));
    expect(subscriptionKeysFrom(randomBytes(32)).hashEmail('ada@example.org')).not.toBe(
      keys.hashEmail('ada@example.org'),
    );
  });

  it("derives a subscription's unsubscribe token from its id, in the shape links carry", () => {
    const token = keys.unsubscribeToken('4b1f1f0e-0000-4000-8000-000000000001');
    expect(isTokenShape(token)).toBe(true);
    expect(keys.unsubscribeToken('4b1f1f0e-0000-4000-8000-000000000001')).toBe(token);
    expect(keys.unsubscribeToken('4b1f1f0e-0000-4000-8000-000000000002')).not.toBe(token);
  });

  it('makes the key file once (mode 0600) and reads it afterwards; SUBSCRIPTION_KEY wins', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-keys-'));
    folders.push(dataDir);
    const first = loadSubscriptionKey({ dataDir, subscriptionKey: undefined });
    expect(first.source).toBe('file');
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadSubscriptionKey({ dataDir, subscriptionKey: undefined }).key.equals(first.key)).toBe(true);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').equals(first.key)).toBe(true);
    const configured = randomBytes(32);
    expect(loadSubscriptionKey({ dataDir, subscriptionKey: configured })).toEqual({
      key: configured,
      source: 'environment',
    });
  });

  it('reads SUBSCRIPTION_KEY as 64 hex digits or base64 of 32 bytes, and names anything else', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ SUBSCRIPTION_KEY: bytes.toString('hex') }).subscriptionKey?.equals(bytes)).toBe(true);
    expect(loadConfig({ SUBSCRIPTION_KEY: bytes.toString('base64') }).subscriptionKey?.equals(bytes)).toBe(true);
    expect(loadConfig({}).subscriptionKey).toBeUndefined();
    for (const bad of ['secret', randomBytes(16).toString('hex'), randomBytes(33).toString('base64')]) {
      expect(() => loadConfig({ SUBSCRIPTION_KEY: bad })).toThrow(ConfigError);
    }
  });
});
