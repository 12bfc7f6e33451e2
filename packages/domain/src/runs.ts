import type { RunStop } from './schemas/driver-answers.ts';
import { DELIVERED_STATUS, type ListedStatus, RETURNING_STATUS } from './statuses.ts';

/**
 * The statuses of a package a driver can take out: accepted and not yet delivered (SPEC §4's list from
 * Order Placed to Out for Delivery). Pending, Rejected and Delivered packages, and custom statuses
 * (free text that says nothing of where the package is), are put on no run.
 */
export const RUN_STATUSES = [
  'Order Placed',
  'Package in transit to sorting hub',
  'Package in sorting hub',
  'Processing',
  'Shipped',
  'Out for Delivery',
] as const satisfies readonly ListedStatus[];

/** True when a package in `status` can be a stop of a run. */
export function canGoOnRun(status: string): boolean {
  return (RUN_STATUSES as readonly string[]).includes(status);
}

/** The calendar day of `instant` in the time zone of the process that asks (YYYY-MM-DD). */
export function localDay(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/**
 * A stop nothing more is to be done at today: delivered, going back to its sender, or attempted on the
 * run's day (the next try is another day's).
 */
export function isStopDone(stop: Pick<RunStop, 'status' | 'attempt'>): boolean {
  return stop.status === DELIVERED_STATUS || stop.status === RETURNING_STATUS || stop.attempt !== null;
}

/**
 * Dispatch opens a day's runs with their stops listed while the day holds at most this many stops; a
 * bigger day opens each run as its summary (driver, stops, done), its stops listed when asked, so a day
 * of 2,000 packages shows at once.
 */
export const DISPATCH_OPEN_STOPS = 200;

/** True when Dispatch lists every run's stops as the day opens (a small day), false for summaries. */
export function opensRunsListed(runs: readonly { stops: readonly unknown[] }[]): boolean {
  return runs.reduce((total, run) => total + run.stops.length, 0) <= DISPATCH_OPEN_STOPS;
}
