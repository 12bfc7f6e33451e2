import { z } from 'zod';

// In a browser the site's Content-Security-Policy forbids eval: zod's JIT would probe `new Function` and
// the browser would report a CSP violation. The server keeps the faster JIT.
if ('document' in globalThis) z.config({ jitless: true });

/** Standard e-mail pattern used by every form (SPEC §5). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
export const INVALID_EMAIL = 'Invalid email address';

export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;

/** Text that must be non-blank after trimming; a missing or non-string value gets the same message. */
export function requiredText(message: string, max = TEXT_MAX) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

/** Optional text: missing becomes empty. */
export function optionalText(max = TEXT_MAX) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional()
    .default('');
}

/** Required e-mail: blank gives `requiredMessage`, a bad shape "Invalid email address". */
export function requiredEmail(requiredMessage: string) {
  return requiredText(requiredMessage, 254).regex(EMAIL_PATTERN, { error: INVALID_EMAIL });
}

/** Plain decimal notation; `Number()` alone would also read "0x10" or "0b1" as numbers. */
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number that may arrive as text (multipart, form inputs). Blank, missing or not a decimal number
 * gives `message`, and so does a value below `min`.
 */
export function numberAtLeast(
  min: number,
  message: string,
  options: { int?: boolean; max?: number; maxMessage?: string } = {},
) {
  let schema = z.number({ error: message }).min(min, { error: message });
  if (options.int) schema = schema.int({ error: 'Must be a whole number' });
  if (options.max !== undefined)
    schema = schema.max(options.max, { error: options.maxMessage ?? `Must be at most ${options.max}` });
  return z.preprocess(
    (value) => {
      if (typeof value === 'string') {
        const trimmed = value.trim();
        if (trimmed === '') return undefined;
        return DECIMAL_TEXT.test(trimmed) ? Number(trimmed) : Number.NaN;
      }
      return value;
    },
    schema.refine(Number.isFinite, { error: message }),
  );
}

/** A boolean that may arrive as "true"/"false" text. */
export const booleanish = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'Must be true or false' }),
);
