import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_COUNTRIES,
  ADD_ONS,
  DEFAULT_GREETING,
  DEFAULT_PHONE,
  DEFAULT_SUPPORT_PRIORITY,
  defaultSignature,
  LIMITS,
  MARKETING,
  PACKAGE_DEFAULTS,
  PLAN_TIERS,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
  SUPPORT_RESPONSE_HOURS,
  TOAST_MS,
  yearsInBusiness,
} from './constants.ts';
import { packageFormInputSchema } from './schemas/package.ts';

/** The text half of a valid ship form; the numbers come from the form's defaults. */
const TEXT_FIELDS = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+234 800 000 0000',
  pickupLocation: '12 Marina Road, Lagos',
  rname: 'Charles Babbage',
  remail: 'charles@example.co.uk',
  rphone: '+44 20 7946 0000',
  destination: '1 Dorset Street, London',
  description: 'Two brass gears',
};

describe('SPEC §9 constants', () => {
  it('fills a new ship form with quantity 1, weight 1 kg and a 10 × 10 × 10 cm box', () => {
    expect(PACKAGE_DEFAULTS).toEqual({
      quantity: 1,
      weight: 1,
      dimensionUnit: 'cm',
      length: 10,
      width: 10,
      height: 10,
    });
  });

  it('fills a ship form whose numbers the submission accepts as they stand', () => {
    const parsed = packageFormInputSchema.parse({ ...TEXT_FIELDS, ...PACKAGE_DEFAULTS });
    expect(parsed).toMatchObject(PACKAGE_DEFAULTS);
  });

  // The ship form's number inputs take their minimum from LIMITS; the submission must draw the same line.
  it.each([
    ['quantity', LIMITS.quantityMin, 1],
    ['weight', LIMITS.weightMin, LIMITS.weightStep],
    ['length', LIMITS.dimensionMin, 0.1],
    ['width', LIMITS.dimensionMin, 0.1],
    ['height', LIMITS.dimensionMin, 0.1],
  ] as const)('accepts %s at its minimum %d and refuses one step below', (field, minimum, step) => {
    const form = { ...TEXT_FIELDS, ...PACKAGE_DEFAULTS };
    expect(packageFormInputSchema.safeParse({ ...form, [field]: minimum }).success).toBe(true);
    const below = Math.round((minimum - step) * 10) / 10;
    expect(packageFormInputSchema.safeParse({ ...form, [field]: below }).success).toBe(false);
  });

  it.each([
    ['validation', 3000],
    ['contactDetailsSuccess', 3000],
    ['error', 5000],
    ['email', 5000],
    ['contact', 5000],
    ['shipSuccess', 9000],
  ] as const)('shows the %s toast for %i ms', (kind, ms) => {
    expect(TOAST_MS[kind]).toBe(ms);
  });

  it('offers the support categories and priorities, medium by default, with a 24-hour promise', () => {
    expect(SUPPORT_CATEGORIES).toEqual(['general', 'tracking', 'billing', 'shipping', 'technical', 'complaint']);
    expect(SUPPORT_PRIORITIES).toEqual(['low', 'medium', 'high', 'urgent']);
    expect(DEFAULT_SUPPORT_PRIORITY).toBe('medium');
    expect(SUPPORT_RESPONSE_HOURS).toBe(24);
  });

  it('offers five countries on the account request', () => {
    expect(ACCOUNT_COUNTRIES).toEqual(['Nigeria', 'Ghana', 'Kenya', 'United States', 'United Kingdom']);
  });

  it.each([
    [0, 'Basic Shipping', '3-5 business days', 'Up to $100'],
    [1, 'Express Shipping', '1-2 business days', 'Up to $500'],
    [2, 'Same Day Rush', 'Same day within 6 hours', 'Up to $1,000'],
  ])('plan tier %i is %s, %s, insured %s', (index, defaultName, deliveryTime, insurance) => {
    expect(PLAN_TIERS[index]).toEqual({ defaultName, deliveryTime, insurance });
  });

  it('has exactly three plan tiers', () => {
    expect(PLAN_TIERS).toHaveLength(3);
  });

  it('lists the four add-ons with their prices', () => {
    expect(ADD_ONS.map(({ name, price }) => [name, price])).toEqual([
      ['Package Insurance', '$2-30'],
      ['Signature Required', '$5'],
      ['Weekend Delivery', '$5'],
      ['Special Handling', '$8'],
    ]);
    expect(ADD_ONS[0].detail).toBe('Coverage up to $5,000');
  });

  it('states the marketing figures', () => {
    expect(MARKETING).toEqual({
      support: '24/7',
      averageResponse: '< 1 hour',
      satisfaction: '98%',
      onTime: '99.8%',
      averageDelivery: '4 hours',
      countriesServed: '200+',
      countriesAbout: '150+',
      internationalDays: '5-15 days',
      maxCargo: '10T+',
      freightVehicles: '500+',
      insuranceUpTo: '$1M',
      founded: 2010,
      packagesDelivered: '50M+',
      customers: '10K+',
    });
  });

  it('counts the years in business from the founding year', () => {
    expect(yearsInBusiness(2026)).toBe(16);
    expect(yearsInBusiness(2031)).toBe(21);
  });

  it('falls back to a placeholder US phone number', () => {
    expect(DEFAULT_PHONE).toMatch(/^\+1 \(555\) \d{3}-\d{4}$/);
  });

  it('greets with "Hello," and signs with "Best regards," and the team name', () => {
    expect(DEFAULT_GREETING).toBe('Hello,');
    expect(defaultSignature('Waybill')).toBe('Best regards,\nWaybill Team');
  });
});
