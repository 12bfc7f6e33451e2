import { DELIVERED_STATUS, REJECTED_STATUS, RETURNING_STATUS } from './statuses.ts';

/**
 * Progress in percent for each status that has one (SPEC §4); any other status is 0. Returning to
 * sender, not in SPEC, keeps Out for Delivery's 80: the package went out and came back undelivered.
 */
export const STATUS_PROGRESS: Readonly<Record<string, number>> = {
  'Order Placed': 10,
  Processing: 30,
  'Package in transit to sorting hub': 30,
  'Package in sorting hub': 30,
  Shipped: 50,
  'Out for Delivery': 80,
  Delivered: 100,
  'Returning to sender': 80,
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
  'Returning to sender': 'We could not deliver your package, so it is being returned to the sender',
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

/** Where a step of the bar or a stage of the timeline stands for a status. */
export type ProgressState = 'done' | 'current' | 'upcoming';

export interface TrackingStep {
  name: string;
  position: number;
  state: ProgressState;
  /** SPEC §4's current step: the status names it (or sorting hub → Processing); still true once done. */
  current: boolean;
}

export interface TimelineStage {
  stage: string;
  state: ProgressState;
  current: boolean;
}

/** Everything the tracking card shows about where a package stands, from one rule. */
export interface TrackingView {
  /** The five displayed steps of the bar. */
  steps: TrackingStep[];
  /** The seven stages of the customer timeline. */
  stages: TimelineStage[];
  /** The journey is over (Delivered): the last step and stage are done, nothing is still to come. */
  finished: boolean;
  /**
   * Whether an estimated delivery (or "running late") belongs on the card: not once delivered, rejected
   * or returning to the sender.
   */
  showsEstimate: boolean;
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

/**
 * The one rule behind the step bar, the timeline and the estimate line (SPEC §4). A step is reached
 * when the status's progress is at or above its position (so progress 0, Pending or a custom status,
 * still reaches Order Placed), and current when the status contains its name or is the sorting hub
 * for Processing. A reached step is done unless it is the current one; once Delivered every step is
 * done. A rejected package reaches nothing. The timeline agrees: the stage equal to the status is
 * current, those before it done; for a status outside the timeline each stage takes the state of the
 * step of the same name (the others stay upcoming).
 */
export function trackingView(status: string): TrackingView {
  const rejected = isNotAcceptedStatus(status);
  const finished = status === DELIVERED_STATUS;
  const progress = progressForStatus(status);
  const steps: TrackingStep[] = TRACKING_STEPS.map(({ name, position }) => {
    const current =
      !rejected && (status.includes(name) || (status === 'Package in sorting hub' && name === 'Processing'));
    const reached = !rejected && progress >= position;
    const state: ProgressState = current && !finished ? 'current' : reached ? 'done' : 'upcoming';
    return { name, position, state, current };
  });
  const index = (TIMELINE_STAGES as readonly string[]).indexOf(status);
  const stages: TimelineStage[] = TIMELINE_STAGES.map((stage, i) => {
    if (index >= 0) {
      const current = i === index;
      const state: ProgressState = i < index || (current && finished) ? 'done' : current ? 'current' : 'upcoming';
      return { stage, state, current };
    }
    const step = steps.find((candidate) => candidate.name === stage);
    return { stage, state: step?.state ?? 'upcoming', current: step?.state === 'current' };
  });
  return { steps, stages, finished, showsEstimate: !finished && !rejected && status !== RETURNING_STATUS };
}
