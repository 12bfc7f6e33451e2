/** Upper-case letters and digits without the look-alikes 0/O, 1/I/L. */
export const TRACKING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 symbols of 31 → about 59 bits of entropy. */
export const TRACKING_CODE_LENGTH = 12;
export const TRACKING_CODE_MAX_INPUT = 64;
/** SPEC §5: an empty or blank code. Here, not beside the schemas, so a tracking box needs no zod. */
export const TRACKING_CODE_REQUIRED = 'Please enter a tracking code.';
/** The example code every tracking box shows as its placeholder (a well-formed code). */
export const TRACKING_CODE_EXAMPLE = '7KQ2M9XHT4PA';

/** A new tracking code from the platform CSPRNG (rejection sampling keeps it uniform). */
export function generateTrackingCode(
  random: (bytes: Uint8Array) => Uint8Array = (b) => globalThis.crypto.getRandomValues(b),
): string {
  const size = TRACKING_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < TRACKING_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(TRACKING_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < TRACKING_CODE_LENGTH) code += TRACKING_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/** How a typed code is looked up: surrounding spaces dropped, upper case. */
export function normalizeTrackingCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * True for text shaped like a code this system issues (after `normalizeTrackingCode`): exactly
 * TRACKING_CODE_LENGTH symbols of the alphabet. A scanner uses it to ignore the other barcodes on a box.
 */
export function isTrackingCode(text: string): boolean {
  if (text.length !== TRACKING_CODE_LENGTH) return false;
  for (const symbol of text) if (!TRACKING_CODE_ALPHABET.includes(symbol)) return false;
  return true;
}
