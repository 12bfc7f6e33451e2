import { countOf } from './plural.ts';
import { DELIVERED_STATUS, PENDING_STATUS, REJECTED_STATUS } from './statuses.ts';

/**
 * Statuses with nothing left to do: a delivered package is done, and a rejected one was never
 * going to be delivered, so neither is "running late" nor waits for an update.
 */
export const SETTLED_STATUSES: readonly string[] = [DELIVERED_STATUS, REJECTED_STATUS];

/** Why the console's "Needs attention" filter holds a package, in the order they are shown. */
export const ATTENTION_REASONS = ['pending', 'stale', 'late'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The rules' thresholds in whole hours (the attention_settings row, or these defaults without one). */
export interface AttentionRules {
  /** Pending for more than this many hours since it was submitted. */
  pendingHours: number;
  /** Accepted, not finished, and not changed for more than this many hours. */
  staleHours: number;
  /** Past its estimated delivery by more than this many hours (0: as soon as it is past). */
  lateHours: number;
}

export const DEFAULT_ATTENTION_RULES: AttentionRules = { pendingHours: 24, staleHours: 48, lateHours: 0 };

const HOUR_MS = 3_600_000;

type Instant = Date | string;
const time = (instant: Instant) => (typeof instant === 'string' ? Date.parse(instant) : instant.getTime());

/** What the rules read of a package: its status and its clock fields (API strings or Dates). */
export interface AttentionFacts {
  status: string;
  createdAt: Instant;
  /** Moved by every status change and every location update added or removed. */
  updatedAt: Instant;
  estimatedDelivery: Instant | null;
}

/** The instants the rules compare with: a package's time strictly before one of them counts. */
export function attentionCutoffs(rules: AttentionRules, now: Date) {
  const at = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  return { pendingBefore: at(rules.pendingHours), staleBefore: at(rules.staleHours), lateBefore: at(rules.lateHours) };
}

/**
 * Past its estimated delivery (by more than `lateHours`) and not finished. A Pending package has no
 * estimated delivery yet, so it is never late; the public page uses 0 hours, so it never shows a date
 * that has passed.
 */
export function isRunningLate(
  pkg: Pick<AttentionFacts, 'status' | 'estimatedDelivery'>,
  now: Date,
  lateHours = 0,
): boolean {
  if (pkg.estimatedDelivery === null || SETTLED_STATUSES.includes(pkg.status)) return false;
  return time(pkg.estimatedDelivery) < now.getTime() - lateHours * HOUR_MS;
}

/**
 * Why a package needs an operator, or [] when it does not: Pending for more than `pendingHours`; in
 * progress (accepted, not finished) with no change for more than `staleHours`; running late by more
 * than `lateHours`. A Pending package is judged by the first rule only (it has had no update by
 * definition), and exactly at a threshold nothing counts yet ("more than").
 */
export function attentionReasons(pkg: AttentionFacts, rules: AttentionRules, now: Date): AttentionReason[] {
  const cutoffs = attentionCutoffs(rules, now);
  const reasons: AttentionReason[] = [];
  const pending = pkg.status === PENDING_STATUS;
  const finished = SETTLED_STATUSES.includes(pkg.status);
  if (pending && time(pkg.createdAt) < cutoffs.pendingBefore.getTime()) reasons.push('pending');
  if (!pending && !finished && time(pkg.updatedAt) < cutoffs.staleBefore.getTime()) reasons.push('stale');
  if (isRunningLate(pkg, now, rules.lateHours)) reasons.push('late');
  return reasons;
}

/** How a reason reads beside a package in the console, with the hours in force. */
export function describeAttentionReason(reason: AttentionReason, rules: AttentionRules): string {
  switch (reason) {
    case 'pending':
      return `Pending for over ${hoursText(rules.pendingHours)}`;
    case 'stale':
      return `No update for over ${hoursText(rules.staleHours)}`;
    case 'late':
      return rules.lateHours === 0
        ? 'Past its estimated delivery'
        : `Over ${hoursText(rules.lateHours)} past its estimated delivery`;
  }
}

function hoursText(hours: number): string {
  return countOf(hours, 'hour', 'hours');
}
