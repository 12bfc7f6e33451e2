import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../test/field-messages.ts';
import { contactDetailsInputSchema, isWhatsappLink, planInputSchema, whatsappLinkForPhone } from './settings.ts';

const PLAN = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 9.99,
  price2: 24.5,
  price3: 49,
  description1: 'Three to five business days',
  description2: '',
  description3: 'Within six hours',
};

describe('planInputSchema', () => {
  it('accepts a plan', () => {
    expect(planInputSchema.parse(PLAN)).toEqual(PLAN);
  });

  it('reads prices typed as text and trims the names', () => {
    const parsed = planInputSchema.parse({ ...PLAN, name1: '  Basic ', price1: '0', price2: ' 12.50 ', price3: '1e2' });
    expect(parsed).toMatchObject({ name1: 'Basic', price1: 0, price2: 12.5, price3: 100 });
  });

  it.each([1, 2, 3])('accepts a free tier %i (price minimum 0)', (tier) => {
    expect(planInputSchema.parse({ ...PLAN, [`price${tier}`]: 0 })[`price${tier}` as 'price1']).toBe(0);
  });

  it.each([
    [1, -0.01],
    [2, -1],
    [3, '-5'],
    [1, ''],
    [2, undefined],
    [3, 'free'],
  ])('refuses price %i of %j', (tier, price) => {
    expect(fieldMessages(planInputSchema, { ...PLAN, [`price${tier}`]: price })).toEqual({
      [`price${tier}`]: `Price ${tier} must be at least 0`,
    });
  });

  it('takes dollars and cents, and refuses a third decimal', () => {
    expect(planInputSchema.parse({ ...PLAN, price1: '0.10', price2: 19.99, price3: '1000000.00' })).toMatchObject({
      price1: 0.1,
      price2: 19.99,
      price3: 1_000_000,
    });
    expect(fieldMessages(planInputSchema, { ...PLAN, price2: '9.999' })).toEqual({
      price2: 'Price 2 must have at most 2 decimals',
    });
  });

  it('bounds prices at one million', () => {
    expect(planInputSchema.safeParse({ ...PLAN, price1: 1_000_000 }).success).toBe(true);
    expect(fieldMessages(planInputSchema, { ...PLAN, price1: 1_000_001 })).toEqual({
      price1: 'Must be at most 1000000',
    });
  });

  it.each([1, 2, 3])('needs the name of tier %i', (tier) => {
    expect(fieldMessages(planInputSchema, { ...PLAN, [`name${tier}`]: '   ' })).toEqual({
      [`name${tier}`]: `Plan ${tier} name is required`,
    });
  });

  it('leaves descriptions optional', () => {
    const { description1: _1, description2: _2, description3: _3, ...bare } = PLAN;
    expect(planInputSchema.parse(bare)).toMatchObject({ description1: '', description2: '', description3: '' });
  });
});

describe('contactDetailsInputSchema', () => {
  const DETAILS = {
    phone: '+234 800 000 0000',
    email: 'hello@waybill.example',
    watsapp: 'https://wa.me/2348000000000',
    address: ['12 Marina Road', 'Lagos'],
  };

  it('accepts contact details', () => {
    expect(contactDetailsInputSchema.parse(DETAILS)).toEqual(DETAILS);
  });

  it('leaves every field optional (SPEC §5: no other validation)', () => {
    expect(contactDetailsInputSchema.parse({})).toEqual({ phone: '', email: '', watsapp: '', address: [] });
  });

  it.each([
    'https://wa.me/2348000000000',
    'http://wa.me/2348000000000',
    'HTTPS://api.whatsapp.com/send?phone=234800',
    '  https://wa.me/1  ',
    '',
  ])('accepts the WhatsApp link %j', (link) => {
    expect(contactDetailsInputSchema.parse({ watsapp: link }).watsapp).toBe(link.trim());
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'wa.me/2348000000000',
    '//wa.me/2348000000000',
    'ftp://wa.me/1',
    'https://',
    'https://wa.me/1 javascript:alert(1)',
  ])('refuses the link %j: it becomes an href on every page', (link) => {
    expect(fieldMessages(contactDetailsInputSchema, { watsapp: link })).toEqual({
      watsapp: 'WhatsApp link must start with https://',
    });
  });

  it('checks the e-mail shape only when one is given', () => {
    expect(contactDetailsInputSchema.parse({ email: '   ' }).email).toBe('');
    expect(fieldMessages(contactDetailsInputSchema, { email: 'hello@' })).toEqual({ email: 'Invalid email address' });
  });

  it('trims address lines and drops the blank ones', () => {
    expect(contactDetailsInputSchema.parse({ address: ['  12 Marina Road ', '', '   ', 'Lagos'] }).address).toEqual([
      '12 Marina Road',
      'Lagos',
    ]);
    expect(contactDetailsInputSchema.parse({ address: [''] }).address).toEqual([]);
  });

  it('takes at most ten address lines', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `Line ${i + 1}`);
    expect(contactDetailsInputSchema.parse({ address: lines }).address).toEqual(lines);
    expect(fieldMessages(contactDetailsInputSchema, { address: [...lines, 'Line 11'] })).toEqual({
      address: 'At most 10 address lines',
    });
  });

  it('wants the address as a list of text lines', () => {
    expect(fieldMessages(contactDetailsInputSchema, { address: '12 Marina Road' })).toEqual({
      address: 'Address must be a list of lines',
    });
    expect(fieldMessages(contactDetailsInputSchema, { address: [12] })).toEqual({
      'address.0': 'Address lines must be text',
    });
  });
});

describe('WhatsApp links', () => {
  it('accepts http(s) links only', () => {
    expect(isWhatsappLink('https://wa.me/15551234567')).toBe(true);
    expect(isWhatsappLink('http://wa.me/15551234567')).toBe(true);
    for (const link of ['javascript:alert(1)', 'wa.me/15551234567', 'https://', 'https://wa.me/1 2', '']) {
      expect(isWhatsappLink(link), link).toBe(false);
    }
  });

  it('makes the wa.me link of a phone number from its digits', () => {
    expect(whatsappLinkForPhone('+1 (555) 123-4567')).toBe('https://wa.me/15551234567');
    expect(whatsappLinkForPhone('+44 20 7946 0001')).toBe('https://wa.me/442079460001');
    expect(whatsappLinkForPhone('call the desk')).toBe('');
  });
});
