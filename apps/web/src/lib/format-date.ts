import { formatDay } from '@waybill/domain';

// The one way the web app writes a moment or a day, so every screen and dialog reads alike
// ("26 Nov 2026, 22:56"; "Thu, 26 Nov 2026", the domain's day as the e-mails write it too). Formatted
// in the browser, in the reader's time zone.
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const timeOf = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** "26 Nov 2026, 22:56"; text that is not a date comes back as it is. */
export function formatDateTime(value: string | Date): string {
  const time = timeOf(value);
  return Number.isNaN(time) ? String(value) : dateTime.format(time);
}

/** "Thu, 26 Nov 2026"; text that is not a date comes back as it is. */
export function formatDate(value: string | Date): string {
  return formatDay(value);
}
