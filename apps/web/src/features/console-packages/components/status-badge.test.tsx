import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The badge's fill and text colours as Mantine sets them (CSS variables on the element). */
function coloursOf(status: string) {
  renderForTest(<StatusBadge status={status} />);
  const badge = screen.getByText(status).closest('.mantine-Badge-root') as HTMLElement;
  return { fill: badge.style.getPropertyValue('--badge-bg'), text: badge.style.getPropertyValue('--badge-color') };
}

describe('StatusBadge', () => {
  it('fills Pending with a clear yellow and dark text, not the amber shade next to Shipped', () => {
    expect(coloursOf('Pending')).toEqual({ fill: 'var(--mantine-color-yellow-4)', text: 'var(--mantine-color-black)' });
  });

  it('keeps Shipped orange, with dark text: white on that orange reads at 3.6:1', () => {
    expect(coloursOf('Shipped')).toEqual({
      fill: 'var(--mantine-color-orange-filled)',
      text: 'var(--mantine-color-black)',
    });
  });
});
