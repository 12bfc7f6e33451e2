import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { Component as ActivityPage } from './index.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ENTRY = {
  id: '1',
  at: '2026-11-25T14:05:00.000Z',
  actorKind: 'operator',
  actorId: 'op-1',
  actorEmail: 'ops@courier.test',
  action: 'package.deleted',
  targetType: 'package',
  targetId: 'GONE12345678',
  before: { status: 'Shipped' },
  after: null,
  ip: null,
};

/** The page at `path` for an operator of `role`, against a server that answers the log with one entry. */
function openAs(role: 'admin' | 'operator', path: string) {
  const fetch = vi.fn(async (url: string) => {
    if (String(url) === '/api/auth/session') {
      return Response.json({ operator: { email: 'ops@courier.test', name: 'Ops', role }, expired: false });
    }
    return Response.json([ENTRY], { headers: { 'X-Total-Count': '1', 'X-Page': '1', 'X-Page-Size': '50' } });
  });
  vi.stubGlobal('fetch', fetch);
  renderWithApp(<ActivityPage />, { path });
  return fetch;
}

describe('Activity page', () => {
  it('asks the log with the filters of the address, whole days, and lists a deleted package by its code', async () => {
    const fetch = openAs(
      'admin',
      '/activity?actor=ops%40courier.test&action=package.deleted&target=gone12345678&from=2026-11-01&to=2026-11-25&page=2',
    );
    const table = await screen.findByRole('table', { name: 'Activity, newest first' });
    expect(within(table).getByText('GONE12345678')).toBeTruthy();
    expect(within(table).getByText('Package deleted')).toBeTruthy();

    const asked = fetch.mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/admin/audit?'));
    const query = new URL(asked ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '2',
      pageSize: '50',
      actor: 'ops@courier.test',
      action: 'package.deleted',
      target: 'gone12345678',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
    });
    expect(screen.getByRole('textbox', { name: 'Person' })).toHaveProperty('value', 'ops@courier.test');
  });

  it('tells an operator it is for admins, and asks the server for nothing of the log', async () => {
    const fetch = openAs('operator', '/activity');
    expect(await screen.findByRole('heading', { name: 'Only an admin can do that' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/admin/audit'))).toBe(false);
  });
});
