import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { dayBoundary } from '../api/list-audit.ts';
import { ActivityFilters, NO_ACTIVITY_FILTER } from './activity-filters.tsx';

describe('ActivityFilters', () => {
  it('applies person, action, tracking code and dates together, trimmed', async () => {
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderForTest(<ActivityFilters value={NO_ACTIVITY_FILTER} onApply={onApply} />);

    await user.type(screen.getByRole('textbox', { name: 'Person' }), '  ops@courier.test ');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Status changed (package.status_changed)' }));
    await user.type(screen.getByRole('textbox', { name: 'Tracking code' }), 'WB123');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-25' } });
    expect(onApply).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(onApply).toHaveBeenCalledWith({
      actor: 'ops@courier.test',
      action: 'package.status_changed',
      target: 'WB123',
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });

  it('refuses a range whose end is before its start, and Clear empties every filter', async () => {
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderForTest(
      <ActivityFilters
        value={{ ...NO_ACTIVITY_FILTER, action: 'package.deleted', from: '2026-11-20', to: '2026-11-25' }}
        onApply={onApply}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveProperty(
      'value',
      'Package deleted (package.deleted)',
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('To must be on or after From')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith(NO_ACTIVITY_FILTER);
  });
});

describe('dayBoundary', () => {
  it('spans whole local days: from the first instant of "from" to the last of "to"', () => {
    expect(dayBoundary('2026-11-25', false)).toBe(new Date(2026, 10, 25).toISOString());
    expect(dayBoundary('2026-11-25', true)).toBe(new Date(2026, 10, 25, 23, 59, 59, 999).toISOString());
    expect(dayBoundary('nonsense', false)).toBeUndefined();
  });
});
