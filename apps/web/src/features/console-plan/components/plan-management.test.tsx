import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_TIERS, type Plan } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDesktopViewport } from '../../../../test/desktop-viewport.ts';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { PlanManagement } from './plan-management.tsx';

const PLAN: Plan = {
  _id: '0c7d35b4-8f4e-4a45-9d0e-1e3c35d2f9aa',
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 9.99,
  price2: 24.5,
  price3: 1200,
  description1: 'For everyday parcels',
  description2: '',
  description3: 'Within 6 hours',
};

const refresh = () => Promise.resolve();

afterEach(() => vi.unstubAllGlobals());

/** The inputs of one tier, found through its "Plan N" group. */
function tierInputs(container: HTMLElement, tier: 1 | 2 | 3) {
  const group = within(container).getByRole('group', { name: `Plan ${tier}` });
  return {
    name: within(group).getByLabelText(/^Name/) as HTMLInputElement,
    price: within(group).getByLabelText(/^Price per package/) as HTMLInputElement,
    description: within(group).getByLabelText('Description') as HTMLTextAreaElement,
  };
}

describe('PlanManagement on a desktop screen', () => {
  it('shows the Create Plan card with the default tier names and no floating button', () => {
    useDesktopViewport();
    renderWithApp(<PlanManagement plan={null} onSaved={refresh} />);
    const card = screen.getByRole('region', { name: 'Create Plan' });
    expect(PLAN_TIERS.map((_, index) => tierInputs(card, (index + 1) as 1 | 2 | 3).name.value)).toEqual(
      PLAN_TIERS.map((tier) => tier.defaultName),
    );
    expect(tierInputs(card, 1).price.value).toBe('');
    expect(within(card).getByRole('button', { name: 'Create Plan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Plan' })).toBeNull();
  });

  it('refuses blank prices and names before sending anything', async () => {
    useDesktopViewport();
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithApp(<PlanManagement plan={null} onSaved={refresh} />);
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Create Plan' });
    await user.clear(tierInputs(card, 2).name);
    await user.type(tierInputs(card, 1).price, '12');
    await user.click(within(card).getByRole('button', { name: 'Create Plan' }));
    expect(await within(card).findByText('Plan 2 name is required')).toBeTruthy();
    expect(within(card).getByText('Price 2 must be at least 0')).toBeTruthy();
    expect(within(card).getByText('Price 3 must be at least 0')).toBeTruthy();
    expect(within(card).queryByText('Price 1 must be at least 0')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps a price as typed and explains a negative one or a third decimal', async () => {
    useDesktopViewport();
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithApp(<PlanManagement plan={null} onSaved={refresh} />);
    const user = userEvent.setup();
    const card = screen.getByRole('region', { name: 'Create Plan' });
    await user.type(tierInputs(card, 1).price, '-5');
    await user.type(tierInputs(card, 2).price, '9.999');
    await user.type(tierInputs(card, 3).price, '1,200');
    expect([1, 2, 3].map((tier) => tierInputs(card, tier as 1 | 2 | 3).price.value)).toEqual(['-5', '9.999', '1,200']);
    await user.click(within(card).getByRole('button', { name: 'Create Plan' }));
    expect(await within(card).findByText('Price 1 must be at least 0')).toBeTruthy();
    expect(within(card).getByText('Price 2 must have at most 2 decimals')).toBeTruthy();
    expect(within(card).getByText('Price 3 must be at least 0')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the Current Plan table and edits it in a modal in update mode', async () => {
    useDesktopViewport();
    renderWithApp(<PlanManagement plan={PLAN} onSaved={refresh} />);
    const card = screen.getByRole('region', { name: 'Current Plan' });
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Plan', 'Price per package', 'Description'],
      ['Basic Shipping', '$9.99', 'For everyday parcels'],
      ['Express Shipping', '$24.50', 'No description'],
      ['Same Day Rush', '$1,200.00', 'Within 6 hours'],
    ]);

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Edit Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' });
    expect(tierInputs(dialog, 3).name.value).toBe('Same Day Rush');
    expect(tierInputs(dialog, 3).price.value).toBe('1200.00');
    expect(tierInputs(dialog, 2).price.value).toBe('24.50');
    expect(tierInputs(dialog, 1).description.value).toBe('For everyday parcels');
    expect(within(dialog).getByRole('button', { name: 'Update Plan' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Create Plan' })).toBeNull();
  });
});

describe('PlanManagement on a phone', () => {
  it('offers a floating Add Plan button that opens the create form in a drawer', async () => {
    renderWithApp(<PlanManagement plan={null} onSaved={refresh} />);
    expect(screen.queryByRole('region', { name: 'Create Plan' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add Plan' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Plan' });
    expect(tierInputs(drawer, 1).name.value).toBe(PLAN_TIERS[0].defaultName);
    expect(within(drawer).getByRole('button', { name: 'Create Plan' })).toBeTruthy();
  });

  it('folds the Current Plan card and edits in a drawer', async () => {
    renderWithApp(<PlanManagement plan={PLAN} onSaved={refresh} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Plan' })).toBeNull();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Hide plan tiers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show plan tiers' }).getAttribute('aria-expanded')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Edit Plan' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Plan' });
    expect(tierInputs(drawer, 2).name.value).toBe('Express Shipping');
    expect(within(drawer).getByRole('button', { name: 'Update Plan' })).toBeTruthy();
  });
});
