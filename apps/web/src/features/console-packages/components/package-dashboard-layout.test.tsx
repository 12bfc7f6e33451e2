import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackageAnswer } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDesktopViewport } from '../../../../test/desktop-viewport.ts';
import { PACKAGE_ANSWER } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { DASHBOARD_VIEW_KEY, PackageDashboard } from './package-dashboard.tsx';

const ITEMS: PackageAnswer[] = [0, 1].map((index) => ({
  ...PACKAGE_ANSWER,
  _id: `id-${index}`,
  trackingCode: `CODE${String(index).padStart(8, '0')}`,
}));

const FILTER = { page: 1, q: '', status: '', attention: false, sort: 'created', order: 'desc' } as const;

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/admin/package-stats') return Response.json({ total: 2, byStatus: {} });
    return Response.json(ITEMS, { headers: { 'X-Total-Count': '2', 'X-Page': '1', 'X-Page-Size': '24' } });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the package dashboard by screen width', () => {
  it('shows a phone the cards, even when the table was chosen on a wider screen, and offers no table', async () => {
    localStorage.setItem(DASHBOARD_VIEW_KEY, JSON.stringify('table'));
    renderForTest(<PackageDashboard filter={FILTER} onFilterChange={vi.fn()} />);
    expect(await screen.findByRole('article', { name: `Package ${ITEMS[0]!.trackingCode}` })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'View' })).toBeNull();
    // The choice is kept for the next wide screen.
    expect(localStorage.getItem(DASHBOARD_VIEW_KEY)).toBe(JSON.stringify('table'));
  });

  it('offers the table from md up', async () => {
    useDesktopViewport();
    localStorage.setItem(DASHBOARD_VIEW_KEY, JSON.stringify('table'));
    renderForTest(<PackageDashboard filter={FILTER} onFilterChange={vi.fn()} />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'View' })).toBeTruthy();
  });

  it("keeps each card's checkbox label for assistive technology only, not floating above the card", async () => {
    const user = userEvent.setup();
    renderForTest(<PackageDashboard filter={FILTER} onFilterChange={vi.fn()} />);
    await user.click(await screen.findByRole('switch', { name: 'Select packages' }));
    const code = ITEMS[0]!.trackingCode;
    const checkbox = await screen.findByRole('checkbox', { name: `Select ${code}` });
    await user.click(checkbox);
    expect(within(screen.getByRole('region', { name: 'Bulk actions' })).getByText('1 package selected')).toBeTruthy();
    const label = screen.getByText(`Select ${code}`);
    expect(label.closest('.mantine-VisuallyHidden-root')).not.toBeNull();
  });
});
