import type { TrackResult } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { renderPageForTest } from '../../../../test/render-page-for-test.tsx';
import { Component as TrackPage } from './index.tsx';

const CODE = 'ABCDEFGH2345';
const answer = (stopsAway: number | null): TrackResult => ({
  trackingNumber: CODE,
  trackingCode: CODE,
  status: 'Out for Delivery',
  estimatedDelivery: null,
  locationUpdates: [],
  late: false,
  delivery: null,
  attempt: null,
  stopsAway,
});

const wakeOf = (result: TrackResult) => {
  const { container } = renderPageForTest(<TrackPage />, {
    path: `/track/${CODE}`,
    tracking: { code: CODE, result, error: null },
  });
  return container.querySelector('[data-island="track-page"]')?.getAttribute('data-island-wake');
};

describe('the tracking page of one code', () => {
  it('wakes at once while the courier is counting stops, to keep the count fresh', () => {
    expect(wakeOf(answer(2))).toBe('load');
    expect(wakeOf(answer(0))).toBe('load');
  });

  it('waits for the visitor otherwise', () => {
    expect(wakeOf(answer(null))).toBe('interaction');
  });
});
