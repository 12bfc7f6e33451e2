import { describe, expect, it } from 'vitest';
import { CANNOT_TEXT_NUMBER } from '../schemas/messages.ts';
import { countryOfPhone, textNumberProblem, toE164 } from './phone-numbers.ts';

describe('toE164', () => {
  it.each([
    ['0803 123 4567', 'Nigeria', '+2348031234567'],
    ['0244 123 456', 'Ghana', '+233244123456'],
    ['0712-345-678', 'Kenya', '+254712345678'],
    ['07911 123456', 'United Kingdom', '+447911123456'],
    ['(415) 555-2671', 'United States', '+14155552671'],
    ['+234 803 123 4567', 'United States', '+2348031234567'],
  ] as const)('reads %j typed in %s as %s, a number that takes texts', (phone, country, e164) => {
    expect(toE164(phone, country)).toEqual({ e164, canText: true });
  });

  it('reads a number with its +code without a country', () => {
    expect(toE164('+44 7911 123456')).toEqual({ e164: '+447911123456', canText: true });
  });

  it('tells a fixed line, which cannot take texts', () => {
    expect(toE164('020 7946 0958', 'United Kingdom')).toEqual({ e164: '+442079460958', canText: false });
  });

  it('refuses what is no valid number', () => {
    expect(toE164('hello', 'Nigeria')).toBeUndefined();
    expect(toE164('0803 123', 'Nigeria')).toBeUndefined();
    expect(toE164('0803 123 4567')).toBeUndefined();
    expect(toE164(`+234${'1'.repeat(60)}`, 'Nigeria')).toBeUndefined();
  });
});

describe('countryOfPhone', () => {
  it('names the SPEC country of an international number by its calling code', () => {
    expect(countryOfPhone('+234 803 123 4567')).toBe('Nigeria');
    expect(countryOfPhone('+1 (555) 123-4567')).toBe('United States');
    expect(countryOfPhone('+33 1 23 45 67 89')).toBeUndefined();
    expect(countryOfPhone('0803 123 4567')).toBeUndefined();
  });
});

describe('textNumberProblem', () => {
  it('accepts a mobile number, typed in the country given or with its +code', () => {
    expect(textNumberProblem('0803 123 4567', 'Nigeria')).toBeUndefined();
    expect(textNumberProblem('+44 7911 123456')).toBeUndefined();
  });

  it('says a fixed line or no number at all cannot receive texts', () => {
    expect(textNumberProblem('020 7946 0958', 'United Kingdom')).toBe(CANNOT_TEXT_NUMBER);
    expect(textNumberProblem('12', 'Nigeria')).toBe(CANNOT_TEXT_NUMBER);
    expect(textNumberProblem('0803 123 4567')).toBe(CANNOT_TEXT_NUMBER);
  });
});
