import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { TrackResult } from '@waybill/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TrackResultCard } from './track-result-card.tsx';

function renderResult(result: Partial<TrackResult>) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <TrackResultCard
          result={{
            trackingNumber: 'ABCDEFGH2345',
            trackingCode: 'ABCDEFGH2345',
            status: 'Pending',
            estimatedDelivery: null,
            locationUpdates: [],
            late: false,
            delivery: null,
            ...result,
          }}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('TrackResultCard', () => {
  it('shows the number, the status and no location for a new package', () => {
    renderResult({});
    expect(screen.getByTestId('tracking-number').textContent).toBe('ABCDEFGH2345');
    expect(screen.getByTestId('tracking-status').textContent).toBe('Pending');
    expect(screen.getByText('No location updates available')).toBeTruthy();
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    const stages = within(screen.getByRole('list', { name: 'Delivery stages' }));
    expect(stages.queryByText('Current')).toBeNull();
  });

  it('marks the timeline up to the status and lists location updates newest first', () => {
    renderResult({
      status: 'Package in transit to sorting hub',
      estimatedDelivery: '2026-11-30T12:00:00.000Z',
      locationUpdates: [
        { location: 'Lagos depot', timestamp: '2026-11-20T08:00:00.000Z' },
        { location: 'Ibadan hub', timestamp: '2026-11-21T09:30:00.000Z' },
        { location: 'Ikeja pickup', timestamp: '2026-11-19T16:00:00.000Z' },
      ],
    });
    expect(screen.getByText('Estimated delivery')).toBeTruthy();
    expect(screen.getByText('Current location').nextElementSibling?.textContent).toBe('Ibadan hub');

    const stages = screen.getByRole('list', { name: 'Delivery stages' }).querySelectorAll('[data-state]');
    expect([...stages].map((stage) => (stage as HTMLElement).dataset.state)).toEqual([
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);

    const updates = within(screen.getByRole('list', { name: 'Location updates' })).getAllByRole('listitem');
    expect(updates.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Ibadan hub',
      'Lagos depot',
      'Ikeja pickup',
    ]);
  });

  it('says when a delivered package was received and by whose initials, and nothing without a proof', () => {
    renderResult({
      status: 'Delivered',
      delivery: { deliveredAt: '2026-11-20T15:30:00.000Z', receivedBy: 'K. M.' },
    });
    expect(screen.getByTestId('tracking-delivery').textContent).toMatch(/^Delivered on .*2026, received by K\. M\.$/);
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('has no delivery line for a package delivered without a proof', () => {
    renderResult({ status: 'Delivered', delivery: null });
    expect(screen.queryByTestId('tracking-delivery')).toBeNull();
  });

  it('says the package is running late instead of an estimated delivery that has passed', () => {
    renderResult({ status: 'Shipped', estimatedDelivery: '2026-11-01T12:00:00.000Z', late: true });
    const fact = screen.getByText('Estimated delivery').nextElementSibling;
    expect(fact?.textContent).toBe('Running late — we are working on it');
    expect(screen.queryByText(/2026/)).toBeNull();
  });

  it('shows the date while the package is not late', () => {
    renderResult({ status: 'Shipped', estimatedDelivery: '2026-11-30T12:00:00.000Z', late: false });
    expect(screen.getByText('Estimated delivery').nextElementSibling?.textContent).toMatch(/2026/);
    expect(screen.queryByText(/Running late/)).toBeNull();
  });

  it('shows a rejected package with its badge, the reason and no stage done', () => {
    renderResult({ status: 'Rejected' });
    expect(screen.getByTestId('tracking-status').textContent).toBe('Rejected');
    expect(screen.getByText(/This package was not accepted for delivery\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    const stages = screen.getByRole('list', { name: 'Delivery stages' }).querySelectorAll('[data-state]');
    expect([...stages].map((stage) => (stage as HTMLElement).dataset.state)).toEqual(Array(7).fill('upcoming'));
    // Nothing drawn as done: no tick in the steps or the timeline.
    expect(screen.queryAllByText(/\(done\)/)).toHaveLength(0);
    expect(document.querySelectorAll('[data-state="done"], [aria-current], [data-active]')).toHaveLength(0);
  });
});
