import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PACKAGE_STATUSES } from '@waybill/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { buildStatusFilterOptions, StatusFilter } from './status-filter.tsx';

const STATS = { total: 7, byStatus: { Pending: 3, Delivered: 1, 'Held at customs': 2, 'Awaiting pickup': 1 } };

describe('buildStatusFilterOptions', () => {
  it('counts all packages, every listed status (zero included) and each custom status after them', () => {
    const options = buildStatusFilterOptions(STATS);
    expect(options.map((option) => option.label)).toEqual([
      'All (7)',
      'Pending (3)',
      'Order Placed (0)',
      'Package in transit to sorting hub (0)',
      'Package in sorting hub (0)',
      'Processing (0)',
      'Shipped (0)',
      'Out for Delivery (0)',
      'Delivered (1)',
      'Returning to sender (0)',
      'Rejected (0)',
      'Held at customs (2)',
      'Awaiting pickup (1)',
    ]);
    expect(options.map((option) => option.value)).toEqual([
      'all',
      ...PACKAGE_STATUSES,
      'Held at customs',
      'Awaiting pickup',
    ]);
  });

  it('shows the statuses without counts while the counts load', () => {
    const options = buildStatusFilterOptions(undefined);
    expect(options[0]?.label).toBe('All');
    expect(options[1]?.label).toBe('Pending');
    expect(options).toHaveLength(PACKAGE_STATUSES.length + 1);
  });
});

describe('StatusFilter', () => {
  it('labels the chosen status with its count and reports the status text, or "" for All', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderForTest(<StatusFilter value="Pending" stats={STATS} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLInputElement;
    expect(input.value).toBe('Pending (3)');

    await user.click(input);
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'Held at customs (2)' }));
    expect(onChange).toHaveBeenLastCalledWith('Held at customs');

    await user.click(input);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All (7)' }));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
