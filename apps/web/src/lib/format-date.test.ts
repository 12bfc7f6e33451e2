import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

// Noon UTC stays on the same day in every time zone from UTC-11 to UTC+11.
const NOON = '2026-11-26T12:00:00.000Z';

describe('formatDateTime and formatDate', () => {
  it('write a moment as day, month, year and a 24-hour time, without seconds', () => {
    expect(formatDateTime(NOON)).toMatch(/^26 Nov 2026, \d\d:\d\d$/);
    expect(formatDateTime(new Date(NOON))).toBe(formatDateTime(NOON));
  });

  it('write a day with its weekday', () => {
    expect(formatDate(NOON)).toBe('Thu, 26 Nov 2026');
  });

  it('give back text that is not a date', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDate('soon')).toBe('soon');
  });
});
