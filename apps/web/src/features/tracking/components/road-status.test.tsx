import { act, screen } from '@testing-library/react';
import type { TrackResult } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { ROAD_REFRESH_MS } from '../api/track-package.ts';
import { TrackPackage } from './track-package.tsx';
import { TrackResultCard } from './track-result-card.tsx';

// Noon UTC stays on the same day in every time zone from UTC-11 to UTC+11.
const NOON = '2026-11-26T12:00:00.000Z';

const answer = (fields: Partial<TrackResult>): TrackResult => ({
  trackingNumber: 'ABCDEFGH2345',
  trackingCode: 'ABCDEFGH2345',
  status: 'Out for Delivery',
  estimatedDelivery: null,
  locationUpdates: [{ location: 'Waybill depot', timestamp: NOON }],
  late: false,
  delivery: null,
  attempt: null,
  stopsAway: null,
  ...fields,
});

const card = (fields: Partial<TrackResult>) => renderForTest(<TrackResultCard result={answer(fields)} />);
const stopsLine = () => screen.queryByTestId('tracking-stops-away')?.textContent ?? null;
const attemptLine = () => screen.queryByTestId('tracking-attempt')?.textContent ?? null;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the road on the tracking page', () => {
  it('says how many stops away the courier is, one in the singular, none as on the way', () => {
    const three = card({ stopsAway: 3 });
    expect(stopsLine()).toBe('Your courier is 3 stops away');
    // A live region: a refreshed count is read out without moving the focus.
    expect(screen.getByRole('status').textContent).toBe('Your courier is 3 stops away');
    three.unmount();
    const one = card({ stopsAway: 1 });
    expect(stopsLine()).toBe('Your courier is 1 stop away');
    one.unmount();
    card({ stopsAway: 0 });
    expect(stopsLine()).toBe('Your courier is on the way to you');
  });

  it('tells a failed attempt with the day written as the page writes days, and the next try', () => {
    card({ attempt: { at: NOON, reason: 'Nobody at home', returning: false } });
    expect(formatDate(NOON)).toBe('Thu, 26 Nov 2026');
    expect(attemptLine()).toBe(
      'Delivery attempted on Thu, 26 Nov 2026: Nobody at home. We will try again on the next working day.',
    );
    expect(stopsLine()).toBeNull();
  });

  it('tells the last attempt as the return to the sender', () => {
    card({
      status: 'Returning to sender',
      attempt: { at: NOON, reason: 'Business closed', returning: true },
    });
    expect(attemptLine()).toBe(
      'Delivery attempted on Thu, 26 Nov 2026: Business closed. The package is being returned to its sender.',
    );
  });

  it('says nothing of the road without a run or an attempt, or in an answer from before these fields', () => {
    card({});
    expect(stopsLine()).toBeNull();
    expect(attemptLine()).toBeNull();
    const { attempt: _attempt, stopsAway: _stopsAway, ...older } = answer({});
    renderForTest(<TrackResultCard result={older} />);
    expect(screen.queryByTestId('tracking-stops-away')).toBeNull();
    expect(screen.queryByTestId('tracking-attempt')).toBeNull();
  });

  it('asks again each minute while the courier is on the way, and keeps the count when a refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const replies: (() => Response)[] = [
      () => new Response('<html>502 Bad Gateway</html>', { status: 502 }),
      () => Response.json(answer({ stopsAway: 1 })),
      () => Response.json(answer({ status: 'Delivered', delivery: { deliveredAt: NOON, receivedBy: 'K. M.' } })),
    ];
    const fetch = vi.fn(async () => replies.shift()!());
    // Once delivered, the page also asks whether this visitor is checked to rate it: not here.
    const unchecked = async () => Response.json({ checked: false, as: null, until: null });
    vi.stubGlobal('fetch', (url: string) => (url.endsWith('/check') ? unchecked() : fetch()));
    renderForTest(<TrackPackage code="ABCDEFGH2345" initial={answer({ stopsAway: 2 })} onTrackCode={() => {}} />);
    expect(stopsLine()).toBe('Your courier is 2 stops away');
    expect(fetch).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(ROAD_REFRESH_MS));
    expect(fetch).toHaveBeenCalledTimes(1);
    // The failed refresh leaves the answer as it was, with no error toast.
    expect(stopsLine()).toBe('Your courier is 2 stops away');
    expect(screen.queryByText('Tracking Error')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(ROAD_REFRESH_MS));
    expect(await screen.findByText('Your courier is 1 stop away')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(ROAD_REFRESH_MS));
    expect(await screen.findByTestId('tracking-delivery')).toBeTruthy();
    expect(stopsLine()).toBeNull();
    // Delivered: no count, no more asking.
    await act(() => vi.advanceTimersByTimeAsync(3 * ROAD_REFRESH_MS));
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
