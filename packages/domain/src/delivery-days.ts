// Another delivery day (docs/decisions/0050): the days a recipient or a sender may move a package to,
// counted in working days, the admin's working weekdays less the holidays. Days are calendar days,
// YYYY-MM-DD, in the time zone the runs use for "today" (localDay, record 40).
import { DELIVERY_DAY_HOLIDAY, DELIVERY_DAY_NOT_WORKING, DELIVERY_DAY_OUT_OF_RANGE } from './schemas/messages.ts';

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5] as const;
/** How many working days a package can be moved among. */
export const DELIVERY_DAY_CHOICES = 10;
export const HOLIDAYS_MAX = 60;
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface DeliveryCalendar {
  workingDays: readonly number[];
  holidays: readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const utcOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
};

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  return new Date(utcOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 1 for a Monday … 7 for a Sunday. */
export function isoWeekday(day: string): number {
  return new Date(utcOf(day)).getUTCDay() || 7;
}

export function isWorkingDay(day: string, calendar: DeliveryCalendar): boolean {
  return calendar.workingDays.includes(isoWeekday(day)) && !calendar.holidays.includes(day);
}

/**
 * The days a package may be moved to: the next `count` working days counted from its estimated delivery
 * day, that day included when it is a working day, and never a day before tomorrow (a late package
 * counts from tomorrow). A package with no estimated delivery yet (Pending) has none: its estimate is
 * made when it is accepted.
 */
export function deliveryDayChoices(
  estimatedDay: string | null,
  today: string,
  calendar: DeliveryCalendar,
  count = DELIVERY_DAY_CHOICES,
): string[] {
  if (estimatedDay === null || calendar.workingDays.length === 0) return [];
  const tomorrow = addDays(today, 1);
  const days: string[] = [];
  // Each week has a working day and at most 60 holidays are set: a few years is always enough.
  for (
    let day = estimatedDay > tomorrow ? estimatedDay : tomorrow, seen = 0;
    days.length < count && seen < 1500;
    seen++
  ) {
    if (isWorkingDay(day, calendar)) days.push(day);
    day = addDays(day, 1);
  }
  return days;
}

/** Why a day is not among `choices`, said once for each kind of refusal; null when it is one of them. */
export function deliveryDayRefusal(day: string, choices: readonly string[], calendar: DeliveryCalendar): string | null {
  if (choices.includes(day)) return null;
  if (!calendar.workingDays.includes(isoWeekday(day))) return DELIVERY_DAY_NOT_WORKING;
  if (calendar.holidays.includes(day)) return DELIVERY_DAY_HOLIDAY;
  return DELIVERY_DAY_OUT_OF_RANGE;
}

/** "Tuesday 1 December": a delivery day as an e-mail says it. */
export function dayInWords(day: string): string {
  const date = new Date(utcOf(day));
  const month = date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${WEEKDAY_NAMES[isoWeekday(day) - 1]} ${date.getUTCDate()} ${month}`;
}

/** Noon of a calendar day in the time zone of the process that asks: a chosen day's estimated delivery. */
export function localNoon(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 12);
}
