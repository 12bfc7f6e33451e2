// How a day is written wherever Waybill writes one for people: the tracking page and the e-mails alike
// ("Thu, 26 Nov 2026"), each in the time zone of the process that writes it (the reader's browser, or
// the server's zone, the depot's).

// Made at its first use, not when the module loads: a browser's first date format loads its locale's
// data (tens of milliseconds on a slow phone), which a page's start should not wait for.
let dayFormat: Intl.DateTimeFormat | undefined;

/** "Thu, 26 Nov 2026"; text that is not a date comes back as it is. */
export function formatDay(value: string | Date): string {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) return String(value);
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  return dayFormat.format(time);
}
