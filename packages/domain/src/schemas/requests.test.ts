import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../test/field-messages.ts';
import { ACCOUNT_COUNTRIES, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../constants.ts';
import {
  ALL_FIELDS_REQUIRED,
  accountRequestSchema,
  consoleShortcutAnswerSchema,
  consoleShortcutInputSchema,
  contactMessageSchema,
  couldBeConsoleShortcut,
  supportRequestSchema,
} from './requests.ts';

describe('supportRequestSchema', () => {
  const REQUEST = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '',
    subject: 'Parcel stuck',
    category: 'tracking',
    priority: 'high',
    message: 'My parcel has not moved for a week.',
  };

  it('accepts a request', () => {
    expect(supportRequestSchema.parse(REQUEST)).toEqual(REQUEST);
  });

  it('needs name, email, subject and message', () => {
    expect(fieldMessages(supportRequestSchema, {})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ])('counts whitespace only in %s as blank', (field, message) => {
    expect(fieldMessages(supportRequestSchema, { ...REQUEST, [field]: '   ' })).toEqual({ [field]: message });
  });

  it('checks the e-mail shape', () => {
    expect(fieldMessages(supportRequestSchema, { ...REQUEST, email: 'ada@example' })).toEqual({
      email: 'Invalid email address',
    });
  });

  it('leaves the phone optional', () => {
    const { phone: _phone, ...withoutPhone } = REQUEST;
    expect(supportRequestSchema.parse(withoutPhone).phone).toBe('');
    expect(supportRequestSchema.parse({ ...REQUEST, phone: ' +1 555 ' }).phone).toBe('+1 555');
  });

  it('defaults to the general category and medium priority', () => {
    const { category: _c, priority: _p, ...bare } = REQUEST;
    expect(supportRequestSchema.parse(bare)).toMatchObject({ category: 'general', priority: 'medium' });
  });

  it.each(SUPPORT_CATEGORIES)('accepts the category %s', (category) => {
    expect(supportRequestSchema.parse({ ...REQUEST, category }).category).toBe(category);
  });

  it.each(SUPPORT_PRIORITIES)('accepts the priority %s', (priority) => {
    expect(supportRequestSchema.parse({ ...REQUEST, priority }).priority).toBe(priority);
  });

  it.each(['sales', 'General', ''])('refuses the category %j', (category) => {
    expect(fieldMessages(supportRequestSchema, { ...REQUEST, category })).toEqual({ category: 'Choose a category' });
  });

  it.each(['critical', 'Medium', ''])('refuses the priority %j', (priority) => {
    expect(fieldMessages(supportRequestSchema, { ...REQUEST, priority })).toEqual({ priority: 'Choose a priority' });
  });
});

describe('accountRequestSchema', () => {
  const REQUEST = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+234 800 000 0000',
    address: '12 Marina Road',
    company: 'Analytical Engines Ltd',
    city: 'Lagos',
    country: 'Nigeria',
    password: 'correct horse battery staple',
  };
  const FIELDS = Object.keys(REQUEST);

  it('accepts a request', () => {
    expect(accountRequestSchema.parse(REQUEST)).toEqual(REQUEST);
  });

  it('says "All fields are required." for every missing field', () => {
    expect(ALL_FIELDS_REQUIRED).toBe('All fields are required.');
    expect(fieldMessages(accountRequestSchema, {})).toEqual(
      Object.fromEntries(FIELDS.map((field) => [field, 'All fields are required.'])),
    );
  });

  it('has eight fields', () => {
    expect(FIELDS).toHaveLength(8);
  });

  it.each(FIELDS)('says "All fields are required." when %s is blank after trimming', (field) => {
    for (const blank of ['', '   ', '\t\n']) {
      expect(fieldMessages(accountRequestSchema, { ...REQUEST, [field]: blank })).toEqual({
        [field]: 'All fields are required.',
      });
    }
  });

  it('trims the text fields but keeps the password as typed', () => {
    const parsed = accountRequestSchema.parse({ ...REQUEST, name: '  Ada ', city: ' Lagos ', password: ' pass word ' });
    expect(parsed).toMatchObject({ name: 'Ada', city: 'Lagos', password: ' pass word ' });
  });

  it('checks the e-mail shape', () => {
    expect(fieldMessages(accountRequestSchema, { ...REQUEST, email: 'ada.example.com' })).toEqual({
      email: 'Invalid email address',
    });
  });

  it.each(ACCOUNT_COUNTRIES)('accepts the country %s', (country) => {
    expect(accountRequestSchema.parse({ ...REQUEST, country }).country).toBe(country);
  });

  it.each(['France', 'nigeria', 'USA', 'UK'])('refuses the unlisted country %j', (country) => {
    expect(fieldMessages(accountRequestSchema, { ...REQUEST, country })).toEqual({
      country: 'All fields are required.',
    });
  });
});

describe('contactMessageSchema', () => {
  it('takes a message, trimmed, with whatever name and e-mail came with it (SPEC §5 checks neither)', () => {
    expect(
      contactMessageSchema.parse({ name: ' Ada ', email: 'ada@example.com', message: ' Do you ship to Accra? ' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Accra?' });
    expect(contactMessageSchema.parse({ email: 'not an e-mail', message: 'hi' })).toEqual({
      name: '',
      email: 'not an e-mail',
      message: 'hi',
    });
  });

  it.each([[{}], [{ name: '  ', email: 'not an e-mail', message: ' ' }]])(
    'refuses %j: without a message there is nothing for the Inbox',
    (input) => {
      expect(fieldMessages(contactMessageSchema, input)).toEqual({ message: 'Message is required' });
    },
  );

  it('accepts a long message and refuses a longer one', () => {
    expect(contactMessageSchema.parse({ message: 'x'.repeat(5000) }).message).toHaveLength(5000);
    expect(fieldMessages(contactMessageSchema, { message: 'x'.repeat(5001) })).toEqual({
      message: 'Must be at most 5000 characters',
    });
  });
});

describe('couldBeConsoleShortcut', () => {
  it('is true only for a name with a number in the e-mail field', () => {
    expect(couldBeConsoleShortcut('dispatch', '739154')).toBe(true);
    expect(couldBeConsoleShortcut(' Night Owl ', ' 2468 ')).toBe(true);
  });

  it.each([
    ['Ada Obi', 'ada@example.com'],
    ['', '739154'],
    ['dispatch', ''],
    ['dispatch', '73 91 54'],
    ['dispatch', '+739154'],
    ['dispatch', '7391.54'],
  ])('is false for %j and %j, an ordinary message', (name, code) => {
    expect(couldBeConsoleShortcut(name, code)).toBe(false);
  });
});

describe('console shortcut schemas', () => {
  it('reads anything but two short texts as blank, and answers a path or null', () => {
    expect(consoleShortcutInputSchema.parse({ name: 'a', code: '1' })).toEqual({ name: 'a', code: '1' });
    expect(consoleShortcutInputSchema.parse({ name: 1 })).toEqual({ name: '', code: '' });
    expect(consoleShortcutInputSchema.parse({ name: 'x'.repeat(201), code: '1' })).toEqual({ name: '', code: '' });
    expect(consoleShortcutAnswerSchema.parse({ path: null })).toEqual({ path: null });
    expect(consoleShortcutAnswerSchema.parse({ path: '/ops' })).toEqual({ path: '/ops' });
  });
});
