import { describe, expect, it } from 'vitest';
import { formatDay } from './dates.ts';
import { describeAttempt, describeStopsAway } from './road.ts';

// Noon UTC stays on the same day in every time zone from UTC-11 to UTC+11.
const NOON = '2026-11-26T12:00:00.000Z';

describe('the road as the recipient reads it', () => {
  it('writes a day as the tracking page does', () => {
    expect(formatDay(NOON)).toBe('Thu, 26 Nov 2026');
    expect(formatDay(new Date(NOON))).toBe('Thu, 26 Nov 2026');
    expect(formatDay('soon')).toBe('soon');
  });

  it('tells a failed attempt with its day and reason, and what happens next', () => {
    expect(describeAttempt({ at: NOON, reason: 'Nobody at home', returning: false })).toBe(
      'Delivery attempted on Thu, 26 Nov 2026: Nobody at home. We will try again on the next working day.',
    );
    expect(describeAttempt({ at: NOON, reason: 'Business closed', returning: true })).toBe(
      'Delivery attempted on Thu, 26 Nov 2026: Business closed. The package is being returned to its sender.',
    );
  });

  it('adds no second full stop to a reason that ends a sentence itself', () => {
    expect(describeAttempt({ at: NOON, reason: 'Refused by the receiver.', returning: false })).toBe(
      'Delivery attempted on Thu, 26 Nov 2026: Refused by the receiver. We will try again on the next working day.',
    );
    expect(describeAttempt({ at: NOON, reason: 'Dog on the porch! ', returning: true })).toBe(
      'Delivery attempted on Thu, 26 Nov 2026: Dog on the porch! The package is being returned to its sender.',
    );
  });

  it('counts the stops left before the recipient, one in the singular, none as on the way', () => {
    expect(describeStopsAway(3)).toBe('Your courier is 3 stops away');
    expect(describeStopsAway(1)).toBe('Your courier is 1 stop away');
    expect(describeStopsAway(0)).toBe('Your courier is on the way to you');
  });
});
