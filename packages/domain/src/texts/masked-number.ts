// The two-digit country calling codes (ITU-T E.164); the others are 1 (North America) and 7 (Russia,
// Kazakhstan), or three digits.
const TWO_DIGIT_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 60, 61, 62,
  63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

/** How many digits of a number the console shows: its last two. */
export const MASKED_NUMBER_SHOWN = 2;

/**
 * A number in E.164 as the console shows it: its country calling code and its last two digits, the
 * rest hidden behind a fixed pattern that does not tell its length (+233 •••• ••45). Anything that is
 * not E.164 shows nothing but dots.
 */
export function maskPhoneNumber(e164: string): string {
  const digits = /^\+(\d{6,15})$/.exec(e164)?.[1];
  if (!digits) return '•••• ••••';
  const codeLength =
    digits[0] === '1' || digits[0] === '7' ? 1 : TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? 2 : 3;
  return `+${digits.slice(0, codeLength)} •••• ••${digits.slice(-MASKED_NUMBER_SHOWN)}`;
}
