import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInWords,
  deliveryDayChoices,
  deliveryDayRefusal,
  isoWeekday,
  isWorkingDay,
} from './delivery-days.ts';
import { DELIVERY_DAY_HOLIDAY, DELIVERY_DAY_NOT_WORKING, DELIVERY_DAY_OUT_OF_RANGE } from './schemas/messages.ts';

const WEEKDAYS = { workingDays: [1, 2, 3, 4, 5], holidays: [] };

describe('another delivery day', () => {
  it('counts calendar days and ISO weekdays', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(isoWeekday('2026-11-30')).toBe(1);
    expect(isoWeekday('2026-12-06')).toBe(7);
    expect(isWorkingDay('2026-12-05', WEEKDAYS)).toBe(false);
    expect(isWorkingDay('2026-12-25', { ...WEEKDAYS, holidays: ['2026-12-25'] })).toBe(false);
  });

  it('offers the next 10 working days from the estimated day, that day included, weekends left out', () => {
    // Monday 30 November 2026, asked on the Wednesday before.
    expect(deliveryDayChoices('2026-11-30', '2026-11-25', WEEKDAYS)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ]);
  });

  it('starts on the next working day when the estimated day is a weekend day or a holiday', () => {
    expect(deliveryDayChoices('2026-11-28', '2026-11-25', WEEKDAYS, 2)).toEqual(['2026-11-30', '2026-12-01']);
    const holiday = { ...WEEKDAYS, holidays: ['2026-11-30', '2026-12-02'] };
    expect(deliveryDayChoices('2026-11-30', '2026-11-25', holiday, 3)).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-04',
    ]);
  });

  it('never offers today or a day before it: a late package counts from tomorrow', () => {
    expect(deliveryDayChoices('2026-11-20', '2026-11-26', WEEKDAYS, 2)).toEqual(['2026-11-27', '2026-11-30']);
    expect(deliveryDayChoices('2026-11-26', '2026-11-26', WEEKDAYS, 1)).toEqual(['2026-11-27']);
  });

  it('crosses the year end past its holidays, and keeps the admin working days (Saturdays too)', () => {
    const yearEnd = { workingDays: [1, 2, 3, 4, 5, 6], holidays: ['2026-12-25', '2026-12-26', '2027-01-01'] };
    expect(deliveryDayChoices('2026-12-24', '2026-12-20', yearEnd, 6)).toEqual([
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-02',
    ]);
  });

  it('offers nothing before there is an estimated delivery', () => {
    expect(deliveryDayChoices(null, '2026-11-26', WEEKDAYS)).toEqual([]);
  });

  it('says why a day is refused, one reason each', () => {
    const calendar = { ...WEEKDAYS, holidays: ['2026-12-01'] };
    const choices = deliveryDayChoices('2026-11-30', '2026-11-25', calendar);
    expect(deliveryDayRefusal('2026-11-30', choices, calendar)).toBeNull();
    expect(deliveryDayRefusal('2026-12-05', choices, calendar)).toBe(DELIVERY_DAY_NOT_WORKING);
    expect(deliveryDayRefusal('2026-12-01', choices, calendar)).toBe(DELIVERY_DAY_HOLIDAY);
    expect(deliveryDayRefusal('2026-11-27', choices, calendar)).toBe(DELIVERY_DAY_OUT_OF_RANGE);
    expect(deliveryDayRefusal(addDays(choices.at(-1)!, 1), choices, calendar)).toBe(DELIVERY_DAY_OUT_OF_RANGE);
  });

  it('writes a day in words for the e-mails', () => {
    expect(dayInWords('2026-12-01')).toBe('Tuesday 1 December');
    expect(dayInWords('2027-01-02')).toBe('Saturday 2 January');
  });
});
