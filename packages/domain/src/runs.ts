import type { ListedStatus } from './statuses.ts';

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
