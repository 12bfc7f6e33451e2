// How a day is written wherever Waybill writes one for people: the tracking page and the e-mails alike
// ("Thu, 26 Nov 2026"), each in the time zone of the process that writes it (the reader's browser, or
// the server's zone, the depot's).
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Thu, 26 Nov 2026"; text that is not a date comes back as it is. */
export function formatDay(value: string | Date): string {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? String(value) : dayFormat.format(time);
}
