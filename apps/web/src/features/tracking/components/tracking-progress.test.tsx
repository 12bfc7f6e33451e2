import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TrackingProgress } from './tracking-progress.tsx';

function renderProgress(status: string) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <TrackingProgress status={status} />
      </MemoryRouter>
    </MantineProvider>,
  );
  const steps = within(screen.getByRole('list')).getAllByRole('listitem');
  return {
    progress: screen.getByRole('progressbar', { name: 'Delivery progress' }),
    stateOf: (name: string) => {
      const step = steps.find((item) => item.textContent?.startsWith(name));
      if (!step) throw new Error(`No step named ${name}`);
      return { state: step.dataset.state, current: step.getAttribute('aria-current') };
    },
    steps,
  };
}

describe('TrackingProgress', () => {
  it('shows the five displayed steps in order', () => {
    const { steps } = renderProgress('Order Placed');
    expect(steps.map((step) => step.textContent?.replace(/ \([^()]*\)$/, ''))).toEqual([
      'Order Placed',
      'Processing',
      'Shipped',
      'Out for Delivery',
      'Delivered',
    ]);
  });

  it('marks Processing current for a package in the sorting hub, at 30 percent', () => {
    const { progress, stateOf } = renderProgress('Package in sorting hub');
    expect(progress.getAttribute('aria-valuenow')).toBe('30');
    expect(stateOf('Order Placed')).toEqual({ state: 'done', current: null });
    expect(stateOf('Processing')).toEqual({ state: 'current', current: 'step' });
    expect(stateOf('Shipped')).toEqual({ state: 'upcoming', current: null });
    expect(stateOf('Delivered')).toEqual({ state: 'upcoming', current: null });
    expect(screen.getByText('Your package is being sorted at our hub')).toBeTruthy();
  });

  it('reaches every step up to Out for Delivery at 80 percent', () => {
    const { progress, stateOf } = renderProgress('Out for Delivery');
    expect(progress.getAttribute('aria-valuenow')).toBe('80');
    expect(stateOf('Shipped').state).toBe('done');
    expect(stateOf('Out for Delivery')).toEqual({ state: 'current', current: 'step' });
    expect(stateOf('Delivered').state).toBe('upcoming');
  });

  it('fills the bar for a delivered package', () => {
    const { progress, stateOf } = renderProgress('Delivered');
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    for (const name of ['Order Placed', 'Processing', 'Shipped', 'Out for Delivery']) {
      expect(stateOf(name).state).toBe('done');
    }
    expect(stateOf('Delivered')).toEqual({ state: 'done', current: 'step' });
  });

  it('shows no progress and the generic description for a pending or custom status', () => {
    const { progress, steps } = renderProgress('Held at customs');
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    // Position 0 is reached at 0 percent, as SPEC §4 defines reached; nothing is current.
    expect(steps.map((step) => step.dataset.state)).toEqual(['done', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(screen.getByText('Tracking your package')).toBeTruthy();
  });

  it('marks no step done for a rejected package and says it was not accepted, with a contact link', () => {
    const { progress, steps } = renderProgress('Rejected');
    expect(progress.getAttribute('aria-valuenow')).toBe('0');
    expect(steps.map((step) => step.dataset.state)).toEqual([
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps.some((step) => step.getAttribute('data-state') === 'done' || step.hasAttribute('aria-current'))).toBe(
      false,
    );
    const description = screen.getByTestId('tracking-description');
    expect(description.textContent).toContain('This package was not accepted for delivery.');
    expect(within(description).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByText('Tracking your package')).toBeNull();
  });
});
