import { DELIVERED_STATUS, OUT_FOR_DELIVERY_STATUS, RETURNING_STATUS, type Run, type RunStop } from '@waybill/domain';
import type { OutboxAction } from './outbox/outbox-db.ts';

/**
 * Where a stop stands for the driver: still to load, loaded (on the way), delivered, attempted today
 * (and so done for the day), or going back to its sender.
 */
export type StopState = 'to-load' | 'loaded' | 'delivered' | 'attempted' | 'returning';

export interface StopProgress {
  stop: RunStop;
  state: StopState;
  /** The reason of today's failed attempt, when there was one. */
  attemptReason?: string;
  /** What the server refused of this stop's actions, with its words. */
  refusals: string[];
  /** This stop's actions still waiting for the server. */
  waiting: number;
}

const RANK: Record<StopState, number> = { 'to-load': 0, loaded: 1, attempted: 2, returning: 3, delivered: 4 };

/** True once nothing more is to be done at the stop today. */
export function isDone(state: StopState): boolean {
  return state === 'delivered' || state === 'attempted' || state === 'returning';
}

function fromStatus(status: string): StopState {
  if (status === DELIVERED_STATUS) return 'delivered';
  if (status === RETURNING_STATUS) return 'returning';
  if (status === OUT_FOR_DELIVERY_STATUS) return 'loaded';
  return 'to-load';
}

/**
 * Each stop of the run with what the server says of its package and what the driver did on this phone
 * (sent or still waiting; a refused action counts for nothing but its message). The further of the two
 * wins: a delivery recorded offline shows as delivered before the server knows it.
 */
export function stopProgress(run: Run, actions: OutboxAction[]): StopProgress[] {
  const byCode = new Map<string, OutboxAction[]>();
  for (const action of actions) {
    const list = byCode.get(action.event.trackingCode) ?? [];
    list.push(action);
    byCode.set(action.event.trackingCode, list);
  }
  return run.stops.map((stop) => {
    let state = fromStatus(stop.status);
    // Attempted today, on this phone or another: done for the day.
    let attemptReason = stop.attempt?.reason;
    if (stop.attempt && state !== 'delivered' && state !== 'returning') state = 'attempted';
    const refusals: string[] = [];
    let waiting = 0;
    for (const action of byCode.get(stop.trackingCode) ?? []) {
      if (action.state === 'refused' || action.imagesState === 'refused') {
        if (action.message) refusals.push(action.message);
        if (action.state === 'refused') continue;
      }
      if (action.state === 'waiting' || action.imagesState === 'waiting') waiting += 1;
      const local: StopState | undefined =
        action.event.type === 'delivered'
          ? 'delivered'
          : action.event.type === 'attempt_failed'
            ? 'attempted'
            : action.event.type === 'loaded' || action.event.type === 'out_for_delivery'
              ? 'loaded'
              : undefined;
      if (action.event.type === 'attempt_failed') attemptReason = action.event.reason;
      if (local && RANK[local] > RANK[state]) state = local;
    }
    return { stop, state, attemptReason, refusals, waiting };
  });
}

/** The first stop with something left to do, else the last one. */
export function nextStopIndex(progress: StopProgress[]): number {
  const open = progress.findIndex((entry) => !isDone(entry.state));
  return open === -1 ? Math.max(0, progress.length - 1) : open;
}
