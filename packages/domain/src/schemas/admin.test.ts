import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../test/field-messages.ts';
import { TRACKING_CODE_REQUIRED } from '../tracking-code.ts';
import {
  CUSTOM_STATUS_REQUIRED,
  LOCATION_REQUIRED,
  locationDeleteSchema,
  locationUpdateInputSchema,
  statusUpdateSchema,
  trackingCodeBodySchema,
  trackingCodeSchema,
} from './admin.ts';
import { loginSchema } from './auth.ts';
import { TIMESTAMP_OUT_OF_RANGE } from './fields.ts';

const CODE = 'AB3K7M9XQ2RT';

describe('trackingCodeSchema', () => {
  it.each([undefined, null, '', '   ', '\n\t'])('asks for a tracking code when given %j', (value) => {
    expect(TRACKING_CODE_REQUIRED).toBe('Please enter a tracking code.');
    expect(fieldMessages(trackingCodeSchema, value)).toEqual({ '': 'Please enter a tracking code.' });
  });

  it.each([
    [CODE, CODE],
    ['  ab3k7m9xq2rt ', CODE],
    ['Ab3k', 'AB3K'],
  ])('reads %j as %s', (typed, code) => {
    expect(trackingCodeSchema.parse(typed)).toBe(code);
  });

  it('accepts up to 64 characters', () => {
    expect(trackingCodeSchema.parse('a'.repeat(64))).toBe('A'.repeat(64));
    expect(fieldMessages(trackingCodeSchema, 'a'.repeat(65))).toEqual({ '': 'Must be at most 64 characters' });
  });

  it('reads the code out of a request body', () => {
    expect(trackingCodeBodySchema.parse({ trackingCode: ' ab3k ' })).toEqual({ trackingCode: 'AB3K' });
    expect(fieldMessages(trackingCodeBodySchema, {})).toEqual({ trackingCode: 'Please enter a tracking code.' });
  });
});

describe('statusUpdateSchema', () => {
  it.each(['Shipped', 'Held at customs', '  Awaiting pickup  '])('accepts the status %j, trimmed', (status) => {
    expect(statusUpdateSchema.parse({ trackingCode: CODE, status })).toEqual({
      trackingCode: CODE,
      status: status.trim(),
    });
  });

  it.each([undefined, '', '    '])('gives "Enter a custom status" for %j', (status) => {
    expect(CUSTOM_STATUS_REQUIRED).toEqual({ title: 'Custom Status Required', message: 'Enter a custom status' });
    expect(fieldMessages(statusUpdateSchema, { trackingCode: CODE, status })).toEqual({
      status: 'Enter a custom status',
    });
  });

  it('keeps a custom status to 100 characters', () => {
    expect(statusUpdateSchema.safeParse({ trackingCode: CODE, status: 'x'.repeat(100) }).success).toBe(true);
    expect(fieldMessages(statusUpdateSchema, { trackingCode: CODE, status: 'x'.repeat(101) })).toEqual({
      status: 'Must be at most 100 characters',
    });
  });

  it('needs the tracking code', () => {
    expect(fieldMessages(statusUpdateSchema, { trackingCode: ' ', status: 'Shipped' })).toEqual({
      trackingCode: 'Please enter a tracking code.',
    });
  });
});

describe('locationUpdateInputSchema', () => {
  it('accepts a location, trimmed, and upper-cases the code', () => {
    expect(locationUpdateInputSchema.parse({ trackingCode: 'ab3k', location: '  Lagos sorting hub ' })).toEqual({
      trackingCode: 'AB3K',
      location: 'Lagos sorting hub',
    });
  });

  it.each([undefined, '', ' \t '])('gives "Enter a location update" for %j', (location) => {
    expect(LOCATION_REQUIRED).toEqual({ title: 'Location Required', message: 'Enter a location update' });
    expect(fieldMessages(locationUpdateInputSchema, { trackingCode: CODE, location })).toEqual({
      location: 'Enter a location update',
    });
  });

  it('keeps a location to 300 characters', () => {
    expect(locationUpdateInputSchema.safeParse({ trackingCode: CODE, location: 'x'.repeat(300) }).success).toBe(true);
    expect(locationUpdateInputSchema.safeParse({ trackingCode: CODE, location: 'x'.repeat(301) }).success).toBe(false);
  });
});

describe('locationDeleteSchema', () => {
  it.each([
    '2024-05-01T10:00:00Z',
    '2024-05-01T10:00:00.123Z',
    '2024-05-01T10:00:00.123456Z',
    '2024-05-01T12:00:00+02:00',
  ])('accepts the ISO date-time %s', (timestamp) => {
    expect(locationDeleteSchema.parse({ trackingCode: 'ab3k', timestamp })).toEqual({
      trackingCode: 'AB3K',
      timestamp,
    });
  });

  it.each([undefined, '', 'yesterday', '2024-05-01', '2024-05-01 10:00:00', 1714557600000])(
    'refuses the timestamp %j',
    (timestamp) => {
      expect(fieldMessages(locationDeleteSchema, { trackingCode: CODE, timestamp })).toEqual({
        timestamp: 'Timestamp must be an ISO date-time',
      });
    },
  );

  it.each(['1970-01-01T00:00:00Z', '1970-01-01T01:00:00+01:00', '9999-12-31T23:59:59.999Z'])(
    'accepts %s, at the ends of the range',
    (timestamp) => {
      expect(fieldMessages(locationDeleteSchema, { trackingCode: CODE, timestamp })).toEqual({});
    },
  );

  // PostgreSQL refuses year 0 and JavaScript's years past 9999: these once reached it and answered 500.
  it.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00+01:00',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:59:59+01:00',
    '9999-12-31T23:59:59.999-00:01',
  ])('refuses %s, outside 1970–9999 once its offset is applied', (timestamp) => {
    expect(TIMESTAMP_OUT_OF_RANGE).toBe('Timestamp must be between 1970-01-01 and 9999-12-31');
    expect(fieldMessages(locationDeleteSchema, { trackingCode: CODE, timestamp })).toEqual({
      timestamp: TIMESTAMP_OUT_OF_RANGE,
    });
  });

  it.each([
    '10000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '2024-05-01T10:00:00Z'.repeat(3),
  ])('refuses %s as not an ISO date-time', (timestamp) => {
    expect(fieldMessages(locationDeleteSchema, { trackingCode: CODE, timestamp })).toEqual({
      timestamp: 'Timestamp must be an ISO date-time',
    });
  });

  it('needs the tracking code', () => {
    expect(fieldMessages(locationDeleteSchema, { timestamp: '2024-05-01T10:00:00Z' })).toEqual({
      trackingCode: 'Please enter a tracking code.',
    });
  });
});

describe('loginSchema', () => {
  it('accepts an e-mail, trimmed, and keeps the password exactly as typed', () => {
    expect(loginSchema.parse({ email: ' ops@example.com ', password: ' secret ' })).toEqual({
      email: 'ops@example.com',
      password: ' secret ',
    });
  });

  it('asks for both fields', () => {
    expect(fieldMessages(loginSchema, {})).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(fieldMessages(loginSchema, { email: '  ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('bounds the password length', () => {
    expect(loginSchema.safeParse({ email: 'ops@example.com', password: 'x'.repeat(1024) }).success).toBe(true);
    expect(loginSchema.safeParse({ email: 'ops@example.com', password: 'x'.repeat(1025) }).success).toBe(false);
  });
});
