// The key's schema, apart from the header's name and messages (idempotency.ts), which every page's
// requests use without zod.
import { z } from 'zod';
import { IDEMPOTENCY_KEY_EMPTY, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_TOO_LONG } from './idempotency.ts';

/** A client-chosen key: any non-empty text of at most 100 characters (a UUID is the usual choice). */
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_EMPTY })
  .min(1, { error: IDEMPOTENCY_KEY_EMPTY })
  .max(IDEMPOTENCY_KEY_MAX_LENGTH, { error: IDEMPOTENCY_KEY_TOO_LONG });
