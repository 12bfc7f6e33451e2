import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const first = await hashPassword('tr0ub4dor&3');
    const second = await hashPassword('tr0ub4dor&3');
    expect(first).not.toBe(second);
    expect(await verifyPassword('tr0ub4dor&3', first)).toBe(true);
    expect(await verifyPassword('tr0ub4dor&4', first)).toBe(false);
  });

  it('never matches a malformed hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$$')).toBe(false);
  });
});
