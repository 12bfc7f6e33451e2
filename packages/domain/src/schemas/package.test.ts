import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../test/field-messages.ts';
import { PACKAGE_FIELD_LIMITS, PACKAGE_TEXT_FIELDS, packageFormInputSchema } from './package.ts';
import { receiverWire } from './wire-names.ts';

/** A valid submission as multipart sends it: every value is text. */
const MULTIPART = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+234 800 000 0000',
  pickupLocation: '12 Marina Road, Lagos',
  rname: 'Charles Babbage',
  remail: 'charles@example.co.uk',
  rphone: '+44 20 7946 0000',
  destination: '1 Dorset Street, London',
  description: 'Two brass gears',
  quantity: '2',
  weight: '1.5',
  dimensionUnit: 'cm',
  length: '10',
  width: '20',
  height: '30',
};

const messagesFor = (changes: Record<string, unknown>) =>
  fieldMessages(packageFormInputSchema, { ...MULTIPART, ...changes });

// SPEC §5, field by field.
const REQUIRED = [
  ['name', 'Name is required'],
  ['email', 'Email is required'],
  ['phone', 'Phone number is required'],
  ['pickupLocation', 'Pickup location is required'],
  ['rname', "Receiver's name is required"],
  ['remail', "Receiver's email is required"],
  ['rphone', "Receiver's phone number is required"],
  ['destination', 'Destination is required'],
  ['description', 'Package description is required'],
  ['quantity', 'Minimum quantity is 1'],
  ['weight', 'Minimum weight is 0.1kg'],
  ['dimensionUnit', 'Dimension unit is required'],
  ['length', 'Minimum length is 1'],
  ['width', 'Minimum width is 1'],
  ['height', 'Minimum height is 1'],
] as const;

describe('packageFormInputSchema', () => {
  it('accepts a multipart submission and turns the numbers into numbers', () => {
    expect(packageFormInputSchema.parse(MULTIPART)).toEqual({
      ...MULTIPART,
      quantity: 2,
      weight: 1.5,
      length: 10,
      width: 20,
      height: 30,
    });
  });

  it('accepts numbers sent as JSON numbers too', () => {
    const parsed = packageFormInputSchema.parse({
      ...MULTIPART,
      quantity: 1,
      weight: 0.1,
      length: 1,
      width: 1,
      height: 1,
    });
    expect(parsed).toMatchObject({ quantity: 1, weight: 0.1, length: 1, width: 1, height: 1 });
  });

  it('names every field of the submission', () => {
    expect(PACKAGE_TEXT_FIELDS).toEqual(REQUIRED.map(([field]) => field));
  });

  it('lists every message at once for an empty form', () => {
    expect(fieldMessages(packageFormInputSchema, {})).toEqual(Object.fromEntries(REQUIRED));
  });

  it.each(REQUIRED)('gives %s its message when missing', (field, message) => {
    expect(messagesFor({ [field]: undefined })).toEqual({ [field]: message });
  });

  it.each(REQUIRED)('gives %s its message when blank', (field, message) => {
    expect(messagesFor({ [field]: '' })).toEqual({ [field]: message });
  });

  it.each(REQUIRED)('counts whitespace only in %s as blank', (field, message) => {
    expect(messagesFor({ [field]: '  \t ' })).toEqual({ [field]: message });
  });

  it('trims every text value', () => {
    const padded = Object.fromEntries(Object.entries(MULTIPART).map(([key, value]) => [key, `  ${value}\n`]));
    const parsed = packageFormInputSchema.parse(padded);
    expect(parsed.name).toBe('Ada Lovelace');
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.remail).toBe('charles@example.co.uk');
    expect(parsed.description).toBe('Two brass gears');
    expect(parsed.quantity).toBe(2);
    expect(parsed.dimensionUnit).toBe('cm');
  });

  it.each(['email', 'remail'])('gives %s "Invalid email address" for a bad shape', (field) => {
    for (const bad of ['ada', 'ada@example', 'ada@example.c', 'a b@example.com']) {
      expect(messagesFor({ [field]: bad })).toEqual({ [field]: 'Invalid email address' });
    }
  });

  it.each([
    ['quantity', '1', 1],
    ['weight', '0.1', 0.1],
    ['length', '1', 1],
    ['width', '1', 1],
    ['height', '1', 1],
  ])('accepts %s at its minimum %j', (field, value, number) => {
    expect(packageFormInputSchema.parse({ ...MULTIPART, [field]: value })[field as 'quantity']).toBe(number);
  });

  it.each([
    ['quantity', '0', 'Minimum quantity is 1'],
    ['quantity', '-1', 'Minimum quantity is 1'],
    ['weight', '0.09', 'Minimum weight is 0.1kg'],
    ['weight', '0', 'Minimum weight is 0.1kg'],
    ['length', '0.9', 'Minimum length is 1'],
    ['width', '0', 'Minimum width is 1'],
    ['height', '-3', 'Minimum height is 1'],
    ['weight', 'heavy', 'Minimum weight is 0.1kg'],
    ['length', '10cm', 'Minimum length is 1'],
  ])('refuses %s %j with "%s"', (field, value, message) => {
    expect(messagesFor({ [field]: value })).toEqual({ [field]: message });
  });

  it('asks for a whole quantity', () => {
    expect(messagesFor({ quantity: '1.5' })).toEqual({ quantity: 'Must be a whole number' });
  });

  it('accepts a fractional weight and dimensions', () => {
    expect(packageFormInputSchema.parse({ ...MULTIPART, weight: '2.35', length: '12.5' })).toMatchObject({
      weight: 2.35,
      length: 12.5,
    });
  });

  it.each([
    ['cm', 'cm'],
    ['in', 'in'],
    [' in ', 'in'],
  ])('accepts the unit %j as %s', (unit, read) => {
    expect(packageFormInputSchema.parse({ ...MULTIPART, dimensionUnit: unit }).dimensionUnit).toBe(read);
  });

  it.each(['mm', 'm', 'inch', 'CM', 'IN', 'ft'])('refuses the unit %j', (unit) => {
    expect(messagesFor({ dimensionUnit: unit })).toEqual({ dimensionUnit: 'Dimension unit is required' });
  });

  it('drops fields it does not know', () => {
    const parsed = packageFormInputSchema.parse({ ...MULTIPART, status: 'Delivered', trackingCode: 'AAAA' });
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('trackingCode');
  });

  // The multipart receiver refuses by these limits before the schema runs: they must say what it says.
  it.each(PACKAGE_TEXT_FIELDS)('bounds %s as PACKAGE_FIELD_LIMITS says, with the same message', (field) => {
    const { maxLength, tooLong } = receiverWire.toWire(PACKAGE_FIELD_LIMITS)[field];
    const fits =
      field === 'dimensionUnit'
        ? `${' '.repeat(maxLength - 2)}cm`
        : MULTIPART[field].padStart(maxLength, field.endsWith('email') ? 'a' : '0');
    expect(messagesFor({ [field]: fits })).toEqual({});
    expect(messagesFor({ [field]: `${fits}0` })).toEqual({ [field]: tooLong });
  });
});
