import { describe, expect, it } from 'vitest';
import {
  booleanish,
  EMAIL_PATTERN,
  INVALID_EMAIL,
  numberAtLeast,
  optionalText,
  requiredEmail,
  requiredText,
  TEXT_MAX,
} from './fields.ts';
import { fieldMessages } from './test-support.ts';

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

  it('asks for a whole number when told to', () => {
    const whole = numberAtLeast(1, 'Minimum quantity is 1', { int: true });
    expect(whole.parse('3')).toBe(3);
    expect(messageFor(whole, '2.5')).toBe('Must be a whole number');
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
