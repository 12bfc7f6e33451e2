import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_EMPTY, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TOO_LONG } from './idempotency.ts';
import { idempotencyKeySchema } from './idempotency-key.ts';

describe('idempotencyKeySchema', () => {
  it('accepts any text of 1 to 100 characters', () => {
    for (const key of ['k', '0f8e2c1a-5d0b-4c3e-9a7f-2b6d4e8f1a3c', 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH)]) {
      expect(idempotencyKeySchema.parse(key)).toBe(key);
    }
  });

  it('refuses an empty key and a longer one, each with its message', () => {
    expect(idempotencyKeySchema.safeParse('').error?.issues[0]?.message).toBe(IDEMPOTENCY_KEY_EMPTY);
    expect(idempotencyKeySchema.safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe(IDEMPOTENCY_KEY_TOO_LONG);
    expect(IDEMPOTENCY_KEY_TOO_LONG).toBe('Idempotency-Key must be at most 100 characters');
  });
});
