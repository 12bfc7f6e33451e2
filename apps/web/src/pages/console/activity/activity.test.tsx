import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { Component as ActivityPage } from './index.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ENTRY: AuditEntry = {
  id: '1',
  at: '2026-11-25T14:05:00.000Z',
  actorKind: 'operator',
  actorId: 'op-1',
  actorEmail: 'ops@courier.test',
  action: 'package.deleted',
  targetType: 'package',
  targetId: 'GONE12345678',
  targetLabel: 'GONE12345678',
  before: { status: 'Shipped' },
  after: null,
  ip: null,
};

/** The page at `path` for an operator of `role`, against a server that answers the log with one entry. */
function openAs(role: 'admin' | 'operator', path: string, entries: AuditEntry[] = [ENTRY]) {
  const fetch = vi.fn(async (url: string) => {
    if (String(url) === '/api/auth/session') {
      return Response.json({ operator: { email: 'ops@courier.test', name: 'Ops', role }, expired: false });
    }
    return Response.json(entries, {
      headers: { 'X-Total-Count': String(entries.length), 'X-Page': '1', 'X-Page-Size': '50' },
    });
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
      show: 'changes',
      actor: 'ops@courier.test',
      action: 'package.deleted',
      target: 'gone12345678',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
    });
    expect(screen.getByRole('textbox', { name: 'Person' })).toHaveProperty('value', 'ops@courier.test');
  });

  it('shows the changes by default, and sign-ins or everything on request', async () => {
    const user = userEvent.setup();
    const fetch = openAs('admin', '/activity');
    await screen.findByRole('table', { name: 'Activity, newest first' });
    const shows = () =>
      fetch.mock.calls
        .map(([url]) => String(url))
        .filter((url) => url.startsWith('/api/admin/audit?'))
        .map((url) => new URL(url, 'http://x').searchParams.get('show'));
    expect(shows()).toEqual(['changes']);
    const show = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(show).getByRole('radio', { name: 'Changes' })).toHaveProperty('checked', true);
    await user.click(within(show).getByText('Sign-ins'));
    await waitFor(() => expect(shows().at(-1)).toBe('sign-ins'));
    await user.click(within(show).getByText('All'));
    await waitFor(() => expect(shows().at(-1)).toBe('all'));
  });

  it('names targets in words and gives phones one card per entry: when, who, what and target', async () => {
    const operatorId = '3f2a9c1e-0b7d-4c55-9e21-5a6b7c8d9e0f';
    openAs('admin', '/activity', [
      {
        ...ENTRY,
        id: 'e2',
        action: 'operator.role_changed',
        targetType: 'operator',
        targetId: operatorId,
        targetLabel: 'Nadia Named',
        before: { role: 'operator' },
        after: { role: 'admin' },
      },
      ENTRY,
    ]);
    const table = await screen.findByRole('table', { name: 'Activity, newest first' });
    expect(within(table).getByText('Nadia Named')).toBeTruthy();
    expect(screen.queryByText(operatorId)).toBeNull();

    // Shown below md only: jsdom reads the stylesheet's breakpoints as a desktop's, which hides it here.
    const list = screen
      .getAllByRole('list', { hidden: true })
      .find((element) => element.getAttribute('aria-label') === 'Activity, newest first');
    const cards = within(list!).getAllByRole('listitem', { hidden: true });
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Role changed')).toBeTruthy();
    expect(first.getByText('operator → admin')).toBeTruthy();
    expect(first.getByText('By ops@courier.test')).toBeTruthy();
    expect(first.getByText('Operator')).toBeTruthy();
    expect(first.getByText('Nadia Named')).toBeTruthy();
    expect(cards[0]!.querySelector('time')?.getAttribute('datetime')).toBe(ENTRY.at);
    expect(within(cards[1]!).getByText('GONE12345678')).toBeTruthy();
  });

  it('tells an operator it is for admins, and asks the server for nothing of the log', async () => {
    const fetch = openAs('operator', '/activity');
    expect(await screen.findByRole('heading', { name: 'Only an admin can do that' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/admin/audit'))).toBe(false);
  });
});
