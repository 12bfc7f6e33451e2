import type { Run } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { waitingText } from './components/outbox-status.tsx';
import type { OutboxAction } from './outbox/outbox-db.ts';
import { isDone, nextStopIndex, stopProgress } from './stop-progress.ts';

const stop = (position: number, status: string) => ({
  position,
  trackingCode: `CODE${position}`,
  status,
  destination: `${position} Ring Road`,
  receiverName: `Receiver ${position}`,
  receiverPhone: '+233 20 000 0000',
  attempt: null as { at: string; reason: string } | null,
});

const run = (...statuses: string[]): Run => ({
  id: 'run',
  driverId: 'driver',
  driverName: 'Kwame',
  date: '2026-11-27',
  stops: statuses.map((status, index) => stop(index + 1, status)),
  createdAt: '2026-11-27T07:00:00.000Z',
  updatedAt: '2026-11-27T07:00:00.000Z',
});

let count = 0;
const action = (trackingCode: string, type: string, extra: Partial<OutboxAction> = {}): OutboxAction => {
  count += 1;
  return {
    id: `id-${count}`,
    driver: 'kwame@example.com',
    event: { id: `id-${count}`, type, trackingCode, at: '2026-11-27T09:00:00.000Z' },
    state: 'waiting',
    takenAt: count,
    ...extra,
  };
};

describe('where each stop stands', () => {
  it('reads the server’s status when the phone did nothing', () => {
    const states = stopProgress(run('In Transit', 'Out for Delivery', 'Delivered', 'Returning to sender'), []);
    expect(states.map((entry) => entry.state)).toEqual(['to-load', 'loaded', 'delivered', 'returning']);
  });

  it('shows what was done offline before the server knows it', () => {
    const states = stopProgress(run('In Transit', 'Out for Delivery', 'Out for Delivery'), [
      action('CODE1', 'loaded'),
      action('CODE2', 'delivered'),
      action('CODE3', 'attempt_failed', {
        event: { id: 'x', type: 'attempt_failed', trackingCode: 'CODE3', at: '', reason: 'Business closed' },
      }),
    ]);
    expect(states.map((entry) => entry.state)).toEqual(['loaded', 'delivered', 'attempted']);
    expect(states[2]!.attemptReason).toBe('Business closed');
    expect(states.map((entry) => entry.waiting)).toEqual([1, 1, 1]);
  });

  it('shows a stop attempted today on another phone as attempted, with its reason', () => {
    const attempted = run('Out for Delivery', 'Returning to sender');
    for (const entry of attempted.stops) entry.attempt = { at: '2026-11-27T10:00:00.000Z', reason: 'Business closed' };
    const states = stopProgress(attempted, []);
    expect(states.map((entry) => [entry.state, entry.attemptReason])).toEqual([
      ['attempted', 'Business closed'],
      ['returning', 'Business closed'],
    ]);
  });

  it('never lets an older action undo a further state', () => {
    const [entry] = stopProgress(run('Delivered'), [action('CODE1', 'loaded', { state: 'sent' })]);
    expect(entry!.state).toBe('delivered');
    expect(entry!.waiting).toBe(0);
  });

  it('counts a refused action for nothing but its message', () => {
    const [entry] = stopProgress(run('Out for Delivery'), [
      action('CODE1', 'delivered', { state: 'refused', message: 'The stop was given to another driver' }),
    ]);
    expect(entry!.state).toBe('loaded');
    expect(entry!.refusals).toEqual(['The stop was given to another driver']);
  });

  it('opens the first stop left to do, or the last when all are done', () => {
    expect(nextStopIndex(stopProgress(run('Delivered', 'Out for Delivery', 'In Transit'), []))).toBe(1);
    expect(nextStopIndex(stopProgress(run('Delivered', 'Returning to sender'), []))).toBe(1);
    expect(nextStopIndex([])).toBe(0);
    expect([isDone('attempted'), isDone('loaded')]).toEqual([true, false]);
  });

  it('says what waits in words', () => {
    expect([waitingText(0), waitingText(1), waitingText(3)]).toEqual([
      'All sent',
      '1 waiting to send',
      '3 waiting to send',
    ]);
  });
});
