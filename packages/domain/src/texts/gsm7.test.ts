import { describe, expect, it } from 'vitest';
import { countSegments, gsm7Length, toGsm7Text } from './gsm7.ts';

describe('countSegments', () => {
  it('counts a plain text in septets: 160 is one segment, 161 two of 153', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts each character of the extension table as two septets', () => {
    expect(gsm7Length('€[]{}~^|\\')).toBe(18);
    expect(countSegments(`${'a'.repeat(158)}€`)).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments(`${'a'.repeat(159)}€`).segments).toBe(2);
  });

  it('keeps the basic table’s accented and Greek letters in GSM-7', () => {
    expect(gsm7Length('Ñandù Ø £ ¥ Δ Ω é à ü')).toBe(21);
    expect(gsm7Length('ú')).toBeUndefined();
  });

  it('sends a text with one character outside GSM-7 as UCS-2: 70 units in one segment, then 67', () => {
    expect(countSegments('Hello 🙂')).toEqual({ encoding: 'UCS-2', units: 8, segments: 1 });
    expect(countSegments(`Ọ${'a'.repeat(69)}`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments(`Ọ${'a'.repeat(70)}`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(countSegments(`Ọ${'a'.repeat(133)}`).segments).toBe(2);
    expect(countSegments(`Ọ${'a'.repeat(134)}`).segments).toBe(3);
  });
});

describe('toGsm7Text', () => {
  it('replaces typographic look-alikes and drops accents GSM-7 lacks', () => {
    expect(toGsm7Text('‘Ọlá’s “Express” – Lagos…')).toBe(`'Ola's "Express" - Lagos...`);
  });

  it('removes emoji, right-to-left marks, zero-width characters and control characters', () => {
    expect(toGsm7Text('Acme\u202e\u200f Couriers 🚚\u200d\u0007\nLtd\u0000')).toBe('Acme Couriers Ltd');
    expect(gsm7Length(toGsm7Text('شركة 🚚 Fast \u061c'))).not.toBeUndefined();
    expect(toGsm7Text('شركة 🚚 Fast \u061c')).toBe('Fast');
  });

  it('keeps the extension table’s characters', () => {
    expect(toGsm7Text('A&B [Logistics] €')).toBe('A&B [Logistics] €');
  });
});
