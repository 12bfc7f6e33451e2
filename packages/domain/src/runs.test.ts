import { describe, expect, it } from 'vitest';
import { DISPATCH_OPEN_STOPS, isStopDone, opensRunsListed } from './runs.ts';

const stop = (status: string, attempt: { at: string; reason: string } | null = null) => ({ status, attempt });

describe('a run as Dispatch shows it', () => {
  it('counts a stop done once delivered, going back, or attempted that day', () => {
    expect(isStopDone(stop('Delivered'))).toBe(true);
    expect(isStopDone(stop('Returning to sender'))).toBe(true);
    expect(isStopDone(stop('Out for Delivery', { at: '2026-11-26T12:00:00.000Z', reason: 'No one home' }))).toBe(true);
    expect(isStopDone(stop('Out for Delivery'))).toBe(false);
    expect(isStopDone(stop('Order Placed'))).toBe(false);
  });

  it('lists the stops of a small day at once and shows a big day as summaries', () => {
    const run = (count: number) => ({ stops: Array.from({ length: count }, (_, index) => index) });
    expect(opensRunsListed([])).toBe(true);
    expect(opensRunsListed([run(DISPATCH_OPEN_STOPS - 1), run(1)])).toBe(true);
    expect(opensRunsListed([run(DISPATCH_OPEN_STOPS), run(1)])).toBe(false);
    expect(opensRunsListed(Array.from({ length: 20 }, () => run(82)))).toBe(false);
  });
});
