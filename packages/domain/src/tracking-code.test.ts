import { describe, expect, it } from 'vitest';
import {
  generateTrackingCode,
  isTrackingCode,
  normalizeTrackingCode,
  TRACKING_CODE_ALPHABET,
  TRACKING_CODE_EXAMPLE,
  TRACKING_CODE_LENGTH,
  TRACKING_CODE_MAX_INPUT,
} from './tracking-code.ts';

const ALPHABET_SIZE = TRACKING_CODE_ALPHABET.length;
/** Bytes at or above this are thrown away so that every symbol is equally likely. */
const REJECT_FROM = 256 - (256 % ALPHABET_SIZE);

/** A random source that hands out the given bytes in order, starting over when they run out. */
function scriptedRandom(bytes: number[]) {
  let next = 0;
  return (buffer: Uint8Array) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = bytes[next++ % bytes.length]!;
    return buffer;
  };
}

describe('tracking code alphabet', () => {
  it('uses upper-case letters and digits without the look-alikes 0, O, 1, I and L', () => {
    expect(TRACKING_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(TRACKING_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('holds every other letter and digit once', () => {
    expect(new Set(TRACKING_CODE_ALPHABET).size).toBe(ALPHABET_SIZE);
    expect(ALPHABET_SIZE).toBe(26 - 3 + 10 - 2);
  });

  it('gives codes at least 50 bits of entropy', () => {
    expect(TRACKING_CODE_LENGTH * Math.log2(ALPHABET_SIZE)).toBeGreaterThanOrEqual(50);
  });
});

describe('generateTrackingCode', () => {
  it('makes a code of the set length from the alphabet with the platform random source', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateTrackingCode();
      expect(code).toHaveLength(TRACKING_CODE_LENGTH);
      for (const symbol of code) expect(TRACKING_CODE_ALPHABET).toContain(symbol);
    }
  });

  it('does not repeat codes', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => generateTrackingCode()));
    expect(codes.size).toBe(2000);
  });

  it('maps each byte below the cut-off to the symbol at byte mod alphabet size', () => {
    const bytes = Array.from({ length: TRACKING_CODE_LENGTH }, (_, i) => i * 20);
    const expected = bytes.map((byte) => TRACKING_CODE_ALPHABET[byte % ALPHABET_SIZE]).join('');
    expect(generateTrackingCode(scriptedRandom(bytes))).toBe(expected);
  });

  it('skips bytes at or above the cut-off so no symbol is favoured', () => {
    // 256 is not a multiple of 31: bytes 248–255 would give the first 8 symbols one extra chance.
    expect(REJECT_FROM).toBe(248);
    const rejected = [248, 249, 250, 251, 252, 253, 254, 255];
    const kept = [0, 30, 31, 247, 1, 2, 3, 4, 5, 6, 7, 8];
    const code = generateTrackingCode(scriptedRandom([...rejected, ...kept, ...rejected]));
    expect(code).toBe(kept.map((byte) => TRACKING_CODE_ALPHABET[byte % ALPHABET_SIZE]).join(''));
  });

  it('asks the random source again when a whole batch is rejected', () => {
    let calls = 0;
    const random = (buffer: Uint8Array) => {
      calls++;
      buffer.fill(calls === 1 ? 255 : 62); // 62 mod 31 = 0
      return buffer;
    };
    expect(generateTrackingCode(random)).toBe(TRACKING_CODE_ALPHABET[0]!.repeat(TRACKING_CODE_LENGTH));
    expect(calls).toBe(2);
  });

  it('gives every symbol the same chance: 8 accepted byte values each, the rest retried', () => {
    const perSymbol = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      let calls = 0;
      // First batch is all `byte`; any later batch is all 0 (symbol A), so a retry is visible.
      const code = generateTrackingCode((buffer) => buffer.fill(calls++ === 0 ? byte : 0));
      if (calls === 1) perSymbol.set(code[0]!, (perSymbol.get(code[0]!) ?? 0) + 1);
      else expect(byte).toBeGreaterThanOrEqual(REJECT_FROM);
    }
    expect(perSymbol.size).toBe(ALPHABET_SIZE);
    expect([...perSymbol.values()]).toEqual(Array(ALPHABET_SIZE).fill(REJECT_FROM / ALPHABET_SIZE));
  });
});

describe('normalizeTrackingCode', () => {
  it.each([
    ['ab3k7m9xq2rt', 'AB3K7M9XQ2RT'],
    ['  AB3K7M9XQ2RT  ', 'AB3K7M9XQ2RT'],
    ['\tab3k7m9xq2rt\n', 'AB3K7M9XQ2RT'],
    ['Ab3K', 'AB3K'],
    ['   ', ''],
  ])('turns %j into %j', (input, normalized) => {
    expect(normalizeTrackingCode(input)).toBe(normalized);
  });

  it('keeps inner spaces: only the ends are trimmed', () => {
    expect(normalizeTrackingCode(' ab 12 ')).toBe('AB 12');
  });

  it('accepts typed input up to 64 characters', () => {
    expect(TRACKING_CODE_MAX_INPUT).toBe(64);
  });
});

describe('isTrackingCode', () => {
  it('accepts generated codes', () => {
    for (let i = 0; i < 20; i++) expect(isTrackingCode(generateTrackingCode())).toBe(true);
  });

  it('refuses other lengths, look-alikes, lower case, spaces and other symbols', () => {
    for (const text of [
      '',
      'ABCDEFGH234',
      'ABCDEFGH23456',
      'ABCDEFGH234O',
      'ABCDEFGH2341',
      'abcdefgh2345',
      'ABCDEFGH 234',
      'ABCDEFGH234-',
      'ABCDEFGH234É',
    ]) {
      expect(isTrackingCode(text), text).toBe(false);
    }
  });
});

describe('TRACKING_CODE_EXAMPLE', () => {
  it('is a well-formed code', () => {
    expect(isTrackingCode(TRACKING_CODE_EXAMPLE)).toBe(true);
  });
});
