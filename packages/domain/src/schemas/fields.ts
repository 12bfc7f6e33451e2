import { z } from 'zod';

// In a browser the site's Content-Security-Policy forbids eval: zod's JIT would probe `new Function` and
// the browser would report a CSP violation. The server keeps the faster JIT.
if ('document' in globalThis) z.config({ jitless: true });

/** Standard e-mail pattern used by every form (SPEC §5). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
export const INVALID_EMAIL = 'Invalid email address';

export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 5000;
/** RFC 5321's limit for a whole address. */
export const EMAIL_MAX = 254;

export const tooLongMessage = (max: number) => `Must be at most ${max} characters`;

/**
 * Text longer than its bound is refused before anything else reads it: `abort` stops the checks after
 * this one (an e-mail pattern, a link rule), so no pattern ever runs on more than the bound.
 */
const atMost = (max: number) => ({ error: tooLongMessage(max), abort: true });

/** Text that must be non-blank after trimming; a missing or non-string value gets the same message. */
export function requiredText(message: string, max = TEXT_MAX) {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, atMost(max));
}

/** Optional text: missing becomes empty. */
export function optionalText(max = TEXT_MAX) {
  return z.string({ error: 'Must be text' }).trim().max(max, atMost(max)).optional().default('');
}

/** Required e-mail: blank gives `requiredMessage`, a bad shape "Invalid email address". */
export function requiredEmail(requiredMessage: string) {
  return requiredText(requiredMessage, EMAIL_MAX).regex(EMAIL_PATTERN, { error: INVALID_EMAIL });
}

/**
 * The most characters a number may take as text. The longest a JavaScript number prints is 24
 * ("-2.2250738585072014e-308"); nobody types more, and refusing longer text before any pattern runs
 * keeps the work per field small whatever arrives.
 */
export const NUMBER_TEXT_MAX = 32;
export const NUMBER_TEXT_TOO_LONG = `Must be a number of at most ${NUMBER_TEXT_MAX} characters`;

/**
 * Plain decimal notation; `Number()` alone would also read "0x10" or "0b1" as numbers. The fraction is
 * its own optional group, so a run of digits can be split one way only: a failed match takes linear
 * time. (`\d+\.?\d*` could split "111…1x" at every place, and took 7 s for 65 000 digits.)
 */
export const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** -0 is 0: JSON prints it as 0, but the database would keep and show it as -0. */
const withoutNegativeZero = (value: number) => (Object.is(value, -0) ? 0 : value);

/**
 * A number that may arrive as text (multipart, form inputs). Blank, missing or not a decimal number
 * gives `message`, and so does a value below `min`; text longer than NUMBER_TEXT_MAX (after trimming,
 * like every text) is refused as such before any pattern reads it.
 */
export function numberAtLeast(
  min: number,
  message: string,
  options: {
    int?: boolean;
    intMessage?: string;
    max?: number;
    maxMessage?: string;
    maxDecimals?: number;
    decimalsMessage?: string;
  } = {},
) {
  let schema = z.number({ error: message }).min(min, { error: message });
  if (options.int) schema = schema.int({ error: options.intMessage ?? 'Must be a whole number' });
  if (options.maxDecimals !== undefined)
    schema = schema.multipleOf(10 ** -options.maxDecimals, {
      error: options.decimalsMessage ?? `Must have at most ${options.maxDecimals} decimals`,
    });
  if (options.max !== undefined)
    schema = schema.max(options.max, { error: options.maxMessage ?? `Must be at most ${options.max}` });
  return z.preprocess(
    (value, ctx) => {
      if (typeof value === 'number') return withoutNegativeZero(value);
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      if (trimmed === '') return undefined;
      if (trimmed.length > NUMBER_TEXT_MAX) {
        ctx.addIssue({ code: 'custom', message: NUMBER_TEXT_TOO_LONG });
        return z.NEVER;
      }
      return DECIMAL_TEXT.test(trimmed) ? withoutNegativeZero(Number(trimmed)) : Number.NaN;
    },
    schema.refine(Number.isFinite, { error: message }),
  );
}

/**
 * The instants the API takes: 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z. Every timestamp
 * Waybill stores is set by the server's clock, so nothing older exists to name. PostgreSQL has no year
 * 0 (it writes 1 BC) and JavaScript writes years past 9999 as "+010000-…", which PostgreSQL refuses:
 * such dates reached the database and answered 500. Bounds are instants, after the offset is applied
 * ("0001-01-01T00:00:00+01:00" is in year 0).
 */
export const TIMESTAMP_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;
export const TIMESTAMP_OUT_OF_RANGE = 'Timestamp must be between 1970-01-01 and 9999-12-31';
/** Longer than any ISO date-time with an offset and nanoseconds; refused before the date is read. */
const TIMESTAMP_TEXT_MAX = 40;

/** An ISO 8601 date-time with an offset (or Z), bounded to TIMESTAMP_RANGE. */
export function isoTimestamp(message: string) {
  return z
    .string({ error: message })
    .max(TIMESTAMP_TEXT_MAX, { error: message, abort: true })
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .refine(
      (text) => {
        const instant = Date.parse(text);
        return instant >= TIMESTAMP_RANGE.min && instant <= TIMESTAMP_RANGE.max;
      },
      { error: TIMESTAMP_OUT_OF_RANGE },
    );
}

/** A boolean that may arrive as "true"/"false" text. */
export const booleanish = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'Must be true or false' }),
);

/** A saved record named in the path (a plan, contact details, an inbox item); an unknown id is a 404. */
export const idParamsSchema = z.object({ id: z.string() });
