import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackageAnswer } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_ANSWER } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { pagerPages, showingText } from './list-summary.ts';
import { PackageDashboard } from './package-dashboard.tsx';

const pkg = (index: number): PackageAnswer => ({
  ...PACKAGE_ANSWER,
  _id: `id-${index}`,
  trackingCode: `CODE${String(index).padStart(8, '0')}`,
});

/** A search matching `matches` packages, counted by the server up to 1,000 as the API does. */
function serve(matches: number) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/admin/package-stats') return Response.json({ total: matches, byStatus: {} });
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    const from = (page - 1) * size;
    const items = Array.from({ length: Math.max(0, Math.min(size, matches - from)) }, (_, i) => pkg(from + i));
    const capped = matches > 1000;
    const headers = new Headers({
      'X-Total-Count': String(Math.min(matches, 1000)),
      'X-Page': String(page),
      'X-Page-Size': String(size),
    });
    if (capped) headers.set('X-Total-Count-Capped', '1000');
    if (capped ? items.length === size : page * size < matches) headers.set('X-Next-Page', String(page + 1));
    return Response.json(items, { headers });
  });
}

// Not typed as the dashboard's filter, so it stays valid as the filter gains fields.
const filterAt = (page: number) =>
  ({ page, q: 'ada', status: '', attention: false, sort: 'created', order: 'desc' }) as const;

// Twenty-four cards render slowly on a busy machine: wait longer than findBy's one second.
const SLOW = { timeout: 15_000 };

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the package count of a search', { timeout: 30_000 }, () => {
  it('reads "1,000+ packages" past the cap, and the pager goes on while full pages come back', async () => {
    serve(1030);
    const onFilterChange = vi.fn();
    renderForTest(<PackageDashboard filter={filterAt(42)} onFilterChange={onFilterChange} />);
    expect(await screen.findByText('Showing 985–1008 of 1,000+ packages, newest first', {}, SLOW)).toBeTruthy();
    // Page 42 ends past the cap and is full: page 43 is offered.
    expect(screen.getByRole('button', { name: 'Page 43' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onFilterChange).toHaveBeenCalledWith({ page: 43 });
    expect(onFilterChange).not.toHaveBeenCalledWith({ page: 42 });
  });

  it('ends the pager on the last, short page', async () => {
    serve(1030);
    const onFilterChange = vi.fn();
    renderForTest(<PackageDashboard filter={filterAt(43)} onFilterChange={onFilterChange} />);
    expect(await screen.findByText('Showing 1009–1030 of 1,000+ packages, newest first', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 44' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    // Not sent back to the "last" page the capped count alone would give (42).
    expect(onFilterChange).not.toHaveBeenCalled();
  });

  it('stays exact under the cap', async () => {
    serve(30);
    renderForTest(<PackageDashboard filter={filterAt(2)} onFilterChange={vi.fn()} />);
    expect(await screen.findByText('Showing 25–30 of 30 packages, newest first', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
  });
});

describe('pagerPages and showingText', () => {
  const facts = { total: 1000, totalCapped: true, page: 50, nextPage: 51 };
  it('count pages from the total, or past a capped one from the next page offered', () => {
    expect(pagerPages(undefined, 24)).toBe(1);
    expect(pagerPages({ ...facts, totalCapped: false, nextPage: null }, 24)).toBe(42);
    expect(pagerPages(facts, 24)).toBe(51);
    expect(pagerPages({ ...facts, page: 1, nextPage: 2 }, 24)).toBe(42);
    expect(pagerPages({ ...facts, nextPage: null }, 24)).toBe(50);
  });
  it('say nothing for an empty page', () => {
    expect(showingText({ ...facts, total: 0, totalCapped: false }, 0, 24, 'newest first')).toBe('');
    expect(showingText(facts, 0, 24, 'newest first')).toBe('');
  });
});
