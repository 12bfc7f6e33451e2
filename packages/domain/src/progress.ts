import { REJECTED_STATUS } from './statuses.ts';

/** Progress in percent for each status that has one (SPEC §4); any other status is 0. */
export const STATUS_PROGRESS: Readonly<Record<string, number>> = {
  'Order Placed': 10,
  Processing: 30,
  'Package in transit to sorting hub': 30,
  'Package in sorting hub': 30,
  Shipped: 50,
  'Out for Delivery': 80,
  Delivered: 100,
};

/** What the tracking widget says for a status without a progress figure. */
export const DEFAULT_STATUS_DESCRIPTION = 'Tracking your package';

const STATUS_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Order Placed': 'Your order has been placed and is awaiting pickup',
  Processing: 'Your package is being processed',
  'Package in transit to sorting hub': 'Your package is on its way to our sorting hub',
  'Package in sorting hub': 'Your package is being sorted at our hub',
  Shipped: 'Your package has been shipped',
  'Out for Delivery': 'Your package is out for delivery',
  Delivered: 'Your package has been delivered',
};

/** What the tracking widget says for a rejected package, which will not travel (the web adds a contact link). */
export const REJECTED_DESCRIPTION = 'This package was not accepted for delivery.';

/**
 * True when a package will never travel (Rejected): no displayed step and no timeline stage counts as
 * done, not even Order Placed at position 0, which every other status reaches.
 */
export function isNotAcceptedStatus(status: string): boolean {
  return status === REJECTED_STATUS;
}

/** Progress (0–100) of a status. */
export function progressForStatus(status: string): number {
  return Object.hasOwn(STATUS_PROGRESS, status) ? (STATUS_PROGRESS[status] ?? 0) : 0;
}

/** One-line description shown under the progress bar. */
export function descriptionForStatus(status: string): string {
  if (isNotAcceptedStatus(status)) return REJECTED_DESCRIPTION;
  return Object.hasOwn(STATUS_DESCRIPTIONS, status)
    ? (STATUS_DESCRIPTIONS[status] ?? DEFAULT_STATUS_DESCRIPTION)
    : DEFAULT_STATUS_DESCRIPTION;
}

/** The five displayed steps of the tracking widget with their positions. */
export const TRACKING_STEPS = [
  { name: 'Order Placed', position: 0 },
  { name: 'Processing', position: 25 },
  { name: 'Shipped', position: 50 },
  { name: 'Out for Delivery', position: 75 },
  { name: 'Delivered', position: 100 },
] as const;

export interface StepState {
  name: string;
  position: number;
  reached: boolean;
  current: boolean;
}

/**
 * Reached: progress at or above the position. Current: the status names the step, or sorting hub →
 * Processing. A package that was not accepted reaches no step and has none current.
 */
export function stepState(step: { name: string; position: number }, status: string): StepState {
  if (isNotAcceptedStatus(status)) return { name: step.name, position: step.position, reached: false, current: false };
  const progress = progressForStatus(status);
  const current = status.includes(step.name) || (status === 'Package in sorting hub' && step.name === 'Processing');
  return { name: step.name, position: step.position, reached: progress >= step.position, current };
}

/** All five displayed steps for a status. */
export function trackingSteps(status: string): StepState[] {
  return TRACKING_STEPS.map((step) => stepState(step, status));
}

/** The seven stages of the customer timeline on the track screen. */
export const TIMELINE_STAGES = [
  'Order Placed',
  'Processing',
  'Package in transit to sorting hub',
  'Package in sorting hub',
  'Shipped',
  'Out for Delivery',
  'Delivered',
] as const;

export type TimelineStageState = 'reached' | 'current' | 'upcoming';

/**
 * State of each timeline stage: the stage equal to the status is current, those before it reached,
 * those after upcoming. A status outside the timeline (Pending, Rejected, custom) leaves all upcoming.
 */
export function timelineStages(status: string): { stage: string; state: TimelineStageState }[] {
  const index = (TIMELINE_STAGES as readonly string[]).indexOf(status);
  return TIMELINE_STAGES.map((stage, i) => ({
    stage,
    state: index < 0 || i > index ? 'upcoming' : i === index ? 'current' : 'reached',
  }));
}
