/**
 * Quiet hours: the hours of the night, in the company's time zone, when no text of a package's journey
 * goes. A text made inside them waits for their end; `start` after `end` is a window across midnight
 * (21:00–07:00), `start` equal to `end` is no quiet hours at all.
 */
export interface QuietHours {
  /** An IANA time zone, e.g. Africa/Lagos. */
  timeZone: string;
  /** HH:MM, 24-hour clock. */
  start: string;
  end: string;
}

/** Until an admin sets theirs: 21:00–07:00 in Lagos (the company's zone is not known before that). */
export const DEFAULT_TEXT_TIME_ZONE = 'Africa/Lagos';
export const DEFAULT_QUIET_START = '21:00';
export const DEFAULT_QUIET_END = '07:00';

export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * Whether `timeZone` is an IANA zone name this runtime knows (Area/Location, or UTC), written as the
 * runtime writes it: `africa/lagos` or an offset such as `+01:00` is not one.
 */
export function isIanaTimeZone(timeZone: string): boolean {
  if (timeZone !== 'UTC' && !/^[A-Z][A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(timeZone)) return false;
  try {
    return formatIn(timeZone).resolvedOptions().timeZone !== undefined;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function wallClockOf(moment: Date, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(moment)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `moment`, in milliseconds. */
function offsetAt(moment: Date, timeZone: string): number {
  const wall = wallClockOf(moment, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (moment.getTime() - moment.getUTCMilliseconds());
}

/**
 * The first moment the zone's clock shows `wall` or later: its first occurrence when the clocks go
 * back; when they go forward over it, the moment they jump (the time skipped never shows).
 */
function momentOf(wall: WallClock, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(new Date(asUtc - 86_400_000 / 2), timeZone);
  const after = offsetAt(new Date(asUtc + 86_400_000 / 2), timeZone);
  // The earlier reading of the wall clock (the larger offset) when it shows twice.
  const candidates = [asUtc - Math.max(before, after), asUtc - Math.min(before, after)];
  for (const candidate of candidates) {
    const shown = wallClockOf(new Date(candidate), timeZone);
    if (shown.hour === wall.hour && shown.minute === wall.minute && shown.day === wall.day) {
      return new Date(candidate);
    }
  }
  // Skipped by the clocks going forward: the moment of the jump, between the two readings.
  let low = asUtc - Math.max(before, after);
  let high = asUtc - Math.min(before, after);
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2 / 1000) * 1000;
    const shown = wallClockOf(new Date(middle), timeZone);
    const shownMinutes = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    if (shownMinutes >= asUtc) high = middle;
    else low = middle;
  }
  return new Date(high);
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Whether `moment` falls inside the quiet hours (start included, end not). */
export function isQuietAt(moment: Date, quiet: QuietHours): boolean {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  const wall = wallClockOf(moment, quiet.timeZone);
  const now = wall.hour * 60 + wall.minute;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * When a text made at `moment` may go: `moment` itself outside quiet hours, else the end of the quiet
 * hours it falls in, on the zone's clock (so the night the clocks change, 07:00 is still 07:00).
 */
export function textSendableAt(moment: Date, quiet: QuietHours): Date {
  if (!isQuietAt(moment, quiet)) return moment;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const wall = wallClockOf(moment, quiet.timeZone);
  const now = wall.hour * 60 + wall.minute;
  // Across midnight and before it: the quiet hours end tomorrow.
  const tomorrow = start > end && now >= start;
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + (tomorrow ? 1 : 0)));
  return momentOf(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour: Math.floor(end / 60),
      minute: end % 60,
    },
    quiet.timeZone,
  );
}

/**
 * When a queued text goes once quiet hours change from `before` to `after` at `now`. One waiting for
 * the end of the old quiet hours goes at the end of the new ones, or at `now` when they are switched off
 * or no longer cover it; any other (due, or a retry's time) waits for the end of the new ones if it falls
 * in them.
 */
export function textSendableAfterChange(sendAt: Date, now: Date, before: QuietHours, after: QuietHours): Date {
  const waitingForTheEnd =
    sendAt.getTime() > now.getTime() && isQuietAt(new Date(sendAt.getTime() - 1), before) && !isQuietAt(sendAt, before);
  return textSendableAt(waitingForTheEnd ? now : sendAt, after);
}
