import { normalizeTrackingCode, TRACKING_CODE_MAX_INPUT, TRACKING_CODE_REQUIRED } from './tracking-code.ts';

/** How many codes one search on /track looks up at once. */
export const TRACKING_CODES_MAX = 10;
/**
 * The most text one search reads: room for TRACKING_CODES_MAX codes of the longest accepted input,
 * each with a two-character separator (", " or a Windows line break). Longer text is refused whole,
 * before it is split, so no amount of pasted text costs more than this to read.
 */
export const TRACKING_CODES_MAX_INPUT = TRACKING_CODES_MAX * (TRACKING_CODE_MAX_INPUT + 2);
export const TRACKING_CODES_TOO_MANY = `Please enter at most ${TRACKING_CODES_MAX} tracking codes, one a line or separated by commas.`;

export type ParsedTrackingCodes = { ok: true; codes: string[] } | { ok: false; message: string };

/** Commas, semicolons and any white space (a line break, a tab, a space) separate codes. */
function isSeparator(char: string): boolean {
  return char === ',' || char === ';' || char.trim() === '';
}

/**
 * The codes a visitor typed or pasted into the tracking field, or the address's `codes`: one a line,
 * or separated by commas or spaces. Each is normalised as a single code is (`normalizeTrackingCode`),
 * repeats are dropped (first place kept), and the text is read character by character, so no pattern
 * can backtrack on it. Refused with a message: nothing but separators, or more than TRACKING_CODES_MAX
 * different codes (or more text than that many could take).
 */
export function parseTrackingCodes(input: string): ParsedTrackingCodes {
  if (input.length > TRACKING_CODES_MAX_INPUT) return { ok: false, message: TRACKING_CODES_TOO_MANY };
  const codes = new Set<string>();
  let start = 0;
  for (let index = 0; index <= input.length; index++) {
    if (index < input.length && !isSeparator(input.charAt(index))) continue;
    const code = normalizeTrackingCode(input.slice(start, index));
    start = index + 1;
    if (code === '') continue;
    codes.add(code);
    if (codes.size > TRACKING_CODES_MAX) return { ok: false, message: TRACKING_CODES_TOO_MANY };
  }
  if (codes.size === 0) return { ok: false, message: TRACKING_CODE_REQUIRED };
  return { ok: true, codes: [...codes] };
}
