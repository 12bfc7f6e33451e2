import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../test/field-messages.ts';
import {
  booleanish,
  DECIMAL_TEXT,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  NUMBER_TEXT_MAX,
  NUMBER_TEXT_TOO_LONG,
  numberAtLeast,
  optionalText,
  requiredEmail,
  requiredText,
  TEXT_MAX,
} from './fields.ts';

/** The first message for a single value, or undefined when it is accepted. */
const messageFor = (schema: Parameters<typeof fieldMessages>[0], value: unknown) => fieldMessages(schema, value)[''];

describe('EMAIL_PATTERN', () => {
  it.each([
    'ada@example.com',
    'Ada.Lovelace+ship@mail.example.co.uk',
    'x_y-z%1@sub-domain.example.io',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each([
    'plainaddress',
    '@example.com',
    'ada@',
    'ada@example',
    'ada@example.c',
    'ada example@example.com',
    'ada@exa mple.com',
    'ada@@example.com',
    'ada@example.com ',
  ])('refuses %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});

describe('requiredText', () => {
  const schema = requiredText('Name is required');

  it.each([undefined, null, '', '   ', '\t\n', 42])('gives the required message for %j', (value) => {
    expect(messageFor(schema, value)).toBe('Name is required');
  });

  it('trims the value it accepts', () => {
    expect(schema.parse('  Ada Lovelace \n')).toBe('Ada Lovelace');
  });

  it('bounds the length after trimming', () => {
    expect(messageFor(schema, 'x'.repeat(TEXT_MAX))).toBeUndefined();
    expect(messageFor(schema, ` ${'x'.repeat(TEXT_MAX)} `)).toBeUndefined();
    expect(messageFor(schema, 'x'.repeat(TEXT_MAX + 1))).toBe(`Must be at most ${TEXT_MAX} characters`);
    expect(messageFor(requiredText('Required', 3), 'abcd')).toBe('Must be at most 3 characters');
  });
});

describe('optionalText', () => {
  it('turns missing into empty and trims what is given', () => {
    expect(optionalText().parse(undefined)).toBe('');
    expect(optionalText().parse('  ')).toBe('');
    expect(optionalText().parse(' +234 800 ')).toBe('+234 800');
  });

  it('still bounds the length', () => {
    expect(messageFor(optionalText(5), '123456')).toBe('Must be at most 5 characters');
  });
});

describe('requiredEmail', () => {
  const schema = requiredEmail('Email is required');

  it.each(['', '   ', undefined])('asks for the e-mail first when it is blank (%j)', (value) => {
    expect(messageFor(schema, value)).toBe('Email is required');
  });

  it.each(['ada', 'ada@example', 'ada@ example.com'])('gives "Invalid email address" for %j', (value) => {
    expect(messageFor(schema, value)).toBe(INVALID_EMAIL);
    expect(INVALID_EMAIL).toBe('Invalid email address');
  });

  it('refuses over-long text by its length alone: the pattern never reads it', () => {
    const issues = schema.safeParse(`${'a'.repeat(100_000)}@`).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['Must be at most 254 characters']);
  });

  it('trims before checking the pattern', () => {
    expect(schema.parse('  ada@example.com  ')).toBe('ada@example.com');
  });
});

describe('numberAtLeast', () => {
  const schema = numberAtLeast(1, 'Minimum length is 1', { max: 100 });

  it.each([
    [1, 1],
    ['1', 1],
    [' 12.5 ', 12.5],
    ['1e1', 10],
    ['+3', 3],
    ['.5e1', 5],
    [100, 100],
  ])('reads %j as %d', (value, number) => {
    expect(schema.parse(value)).toBe(number);
  });

  it.each([
    0,
    '0',
    0.99,
    -5,
    '',
    '   ',
    undefined,
    null,
    'abc',
    '12abc',
    '1,5',
    '0x10',
    '0b1',
    '0o7',
    'Infinity',
    Number.NaN,
    true,
  ])('gives the minimum message for %j', (value) => {
    expect(messageFor(schema, value)).toBe('Minimum length is 1');
  });

  it('refuses values above the maximum', () => {
    expect(messageFor(schema, 101)).toBe('Must be at most 100');
  });

  it.each([Number.POSITIVE_INFINITY, '1e400'])('gives the field message for an infinite %j', (value) => {
    expect(messageFor(schema, value)).toBe('Minimum length is 1');
  });

  it('reads -0 as 0', () => {
    const atLeastZero = numberAtLeast(0, 'Price must be at least 0');
    expect(Object.is(atLeastZero.parse(-0), 0)).toBe(true);
    expect(Object.is(atLeastZero.parse('-0'), 0)).toBe(true);
    expect(Object.is(atLeastZero.parse('-0.0e5'), 0)).toBe(true);
  });

  it(`refuses text longer than ${NUMBER_TEXT_MAX} characters as such, valid digits or not`, () => {
    expect(NUMBER_TEXT_TOO_LONG).toBe(`Must be a number of at most ${NUMBER_TEXT_MAX} characters`);
    // Zeros in front keep the value 1: only the length is wrong.
    expect(schema.parse(`${'0'.repeat(NUMBER_TEXT_MAX - 1)}1`)).toBe(1);
    expect(messageFor(schema, `${'0'.repeat(NUMBER_TEXT_MAX)}1`)).toBe(NUMBER_TEXT_TOO_LONG);
    expect(messageFor(schema, `${'1'.repeat(65_000)}x`)).toBe(NUMBER_TEXT_TOO_LONG);
    expect(schema.parse(`  ${'0'.repeat(NUMBER_TEXT_MAX - 1)}1\n`)).toBe(1);
    expect(messageFor(schema, ' '.repeat(NUMBER_TEXT_MAX + 1))).toBe('Minimum length is 1');
  });

  it('asks for a whole number when told to', () => {
    const whole = numberAtLeast(1, 'Minimum quantity is 1', { int: true });
    expect(whole.parse('3')).toBe(3);
    expect(messageFor(whole, '2.5')).toBe('Must be a whole number');
  });
});

describe('DECIMAL_TEXT', () => {
  it.each(['1', '-1', '+1.', '1.5', '.5', '1e5', '1.5E-3', '007'])('accepts %j', (text) => {
    expect(DECIMAL_TEXT.test(text)).toBe(true);
  });

  it.each(['', '.', '-', '1.2.3', 'e5', '1e', '1e+', '0x10', '1_000', '١'])('refuses %j', (text) => {
    expect(DECIMAL_TEXT.test(text)).toBe(false);
  });

  // A failed match must take time in proportion to the text: the old pattern split a run of digits
  // every possible way and took seconds for a few tens of thousands of digits.
  it('refuses a long run of digits with a bad ending in about the time it reads a good one', () => {
    const digits = '1'.repeat(20_000);
    const timeOf = (text: string, rounds: number) => {
      const started = performance.now();
      for (let round = 0; round < rounds; round++) DECIMAL_TEXT.test(text);
      return performance.now() - started;
    };
    const good = Math.min(...[1, 2, 3].map(() => timeOf(digits, 5) / 5));
    expect(DECIMAL_TEXT.test(`${digits}x`)).toBe(false);
    const bad = Math.max(...[`${digits}x`, `${digits}.5x`, `${digits}e5x`].map((text) => timeOf(text, 1)));
    // Generous for a shared machine: quadratic backtracking is thousands of times slower.
    expect(bad).toBeLessThan(good * 50 + 100);
  });
});

describe('booleanish', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
  ])('reads %j as %s', (value, bool) => {
    expect(booleanish.parse(value)).toBe(bool);
  });

  it.each(['yes', 'TRUE', '1', 1, null])('refuses %j', (value) => {
    expect(messageFor(booleanish, value)).toBe('Must be true or false');
  });
});
