import { describe, expect, it } from 'vitest';
import { maskPhoneNumber } from './masked-number.ts';
import { isIanaTimeZone, isQuietAt, type QuietHours, textSendableAfterChange, textSendableAt } from './quiet-hours.ts';

const LAGOS: QuietHours = { timeZone: 'Africa/Lagos', start: '21:00', end: '07:00' };
const LONDON: QuietHours = { timeZone: 'Europe/London', start: '21:00', end: '07:00' };
const at = (iso: string) => new Date(iso);

describe('textSendableAfterChange', () => {
  const now = at('2026-06-10T22:00:00Z'); // 23:00 in Lagos
  const sevenAm = at('2026-06-11T06:00:00Z');
  const move = (sendAt: Date, after: Partial<QuietHours>) =>
    textSendableAfterChange(sendAt, now, LAGOS, { ...LAGOS, ...after }).toISOString();

  it('moves a text waiting for the end of quiet hours to their new end, or to now once they no longer cover it', () => {
    expect(move(sevenAm, { end: '08:30' })).toBe('2026-06-11T07:30:00.000Z');
    expect(move(sevenAm, { end: '06:00' })).toBe('2026-06-11T05:00:00.000Z');
    expect(move(sevenAm, { start: '07:00', end: '07:00' })).toBe(now.toISOString());
    expect(move(sevenAm, { start: '23:30', end: '06:00' })).toBe(now.toISOString());
    expect(move(sevenAm, { timeZone: 'UTC' })).toBe('2026-06-11T07:00:00.000Z');
  });

  it('leaves any other text where it is unless it falls in the new quiet hours', () => {
    const retry = at('2026-06-10T22:30:00Z'); // a retry at 23:30, moved by no quiet hours before
    const unquiet = { ...LAGOS, start: '01:00', end: '01:00' };
    expect(textSendableAfterChange(retry, now, unquiet, LAGOS).toISOString()).toBe(sevenAm.toISOString());
    expect(textSendableAfterChange(retry, now, LAGOS, unquiet)).toBe(retry);
    const due = at('2026-06-10T21:59:00Z');
    expect(textSendableAfterChange(due, now, unquiet, unquiet)).toBe(due);
  });
});

describe('textSendableAt', () => {
  it('lets a text made outside quiet hours go at once', () => {
    const noon = at('2026-06-10T11:00:00Z'); // 12:00 in Lagos (UTC+1)
    expect(textSendableAt(noon, LAGOS)).toBe(noon);
    expect(isQuietAt(at('2026-06-10T19:59:59Z'), LAGOS)).toBe(false); // 20:59:59
    expect(isQuietAt(at('2026-06-10T06:00:00Z'), LAGOS)).toBe(false); // 07:00: the end is not quiet
  });

  it('keeps a text made at 22:00 until 07:00 the next morning, and one made at 03:00 until 07:00 that day', () => {
    expect(textSendableAt(at('2026-06-10T21:00:00Z'), LAGOS).toISOString()).toBe('2026-06-11T06:00:00.000Z');
    expect(textSendableAt(at('2026-06-10T20:00:00Z'), LAGOS).toISOString()).toBe('2026-06-11T06:00:00.000Z');
    expect(textSendableAt(at('2026-06-11T02:00:00Z'), LAGOS).toISOString()).toBe('2026-06-11T06:00:00.000Z');
    // The last day of a month, and of a year.
    expect(textSendableAt(at('2026-12-31T22:30:00Z'), LAGOS).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('takes a window inside one day, and none when start and end are equal', () => {
    const lunch: QuietHours = { timeZone: 'UTC', start: '12:00', end: '14:30' };
    expect(textSendableAt(at('2026-06-10T13:00:00Z'), lunch).toISOString()).toBe('2026-06-10T14:30:00.000Z');
    expect(textSendableAt(at('2026-06-10T11:59:00Z'), lunch).toISOString()).toBe('2026-06-10T11:59:00.000Z');
    const none: QuietHours = { timeZone: 'UTC', start: '07:00', end: '07:00' };
    expect(textSendableAt(at('2026-06-10T07:00:00Z'), none).toISOString()).toBe('2026-06-10T07:00:00.000Z');
  });

  it('ends at 07:00 on the clock the nights the clocks change', () => {
    // London goes to summer time at 01:00 UTC on 29 March 2026: 07:00 is 06:00 UTC that morning.
    expect(textSendableAt(at('2026-03-28T22:00:00Z'), LONDON).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    // And back at 01:00 UTC on 25 October 2026: 07:00 is 07:00 UTC; 22:00 the evening before is 21:00 UTC.
    expect(textSendableAt(at('2026-10-24T21:00:00Z'), LONDON).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    const newYork: QuietHours = { timeZone: 'America/New_York', start: '21:00', end: '07:00' };
    expect(textSendableAt(at('2026-03-08T03:00:00Z'), newYork).toISOString()).toBe('2026-03-08T11:00:00.000Z');
  });

  it('ends at the jump when the clocks skip the end, and at its first showing when it shows twice', () => {
    // 01:30 does not exist in London on 29 March 2026: the quiet hours end at 01:00 UTC, when 02:00 shows.
    const skipped: QuietHours = { timeZone: 'Europe/London', start: '23:00', end: '01:30' };
    expect(textSendableAt(at('2026-03-28T23:30:00Z'), skipped).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 01:30 shows twice on 25 October 2026 (00:30 UTC, then 01:30 UTC): the first.
    expect(textSendableAt(at('2026-10-24T23:30:00Z'), skipped).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('isIanaTimeZone', () => {
  it('takes the zones the runtime knows, as it writes them', () => {
    for (const zone of ['Africa/Lagos', 'Africa/Accra', 'Africa/Nairobi', 'Europe/London', 'America/New_York', 'UTC']) {
      expect(isIanaTimeZone(zone)).toBe(true);
    }
    for (const zone of ['Mars/Olympus', 'africa/lagos', '+01:00', 'Lagos', '', 'Africa/Lagos; drop']) {
      expect(isIanaTimeZone(zone)).toBe(false);
    }
  });
});

describe('maskPhoneNumber', () => {
  it('shows the country calling code and the last two digits only', () => {
    expect(maskPhoneNumber('+233244123445')).toBe('+233 •••• ••45');
    expect(maskPhoneNumber('+2348031234567')).toBe('+234 •••• ••67');
    expect(maskPhoneNumber('+447700900123')).toBe('+44 •••• ••23');
    expect(maskPhoneNumber('+14155550123')).toBe('+1 •••• ••23');
    expect(maskPhoneNumber('0803 123 4567')).toBe('•••• ••••');
  });
});
