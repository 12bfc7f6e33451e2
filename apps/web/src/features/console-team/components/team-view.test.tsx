import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMember } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { TeamView } from './team-view.tsx';

const member = (id: string, name: string, role: TeamMember['role']): TeamMember => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  role,
  active: true,
  state: 'active',
  invitationPending: false,
  lastSignInAt: null,
  createdAt: '2026-11-25T02:00:00.000Z',
});

const ADA = member('7d3b1c52-0c55-4e6a-9a55-0d5c1b1e2f31', 'Ada Admin', 'admin');
const OMAR = member('7d3b1c52-0c55-4e6a-9a55-0d5c1b1e2f32', 'Omar Operator', 'operator');
const DEE = member('7d3b1c52-0c55-4e6a-9a55-0d5c1b1e2f33', 'Dee Driver', 'driver');

function answerWith(body: unknown) {
  const sent: { url: string; method?: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(body);
    }),
  );
  return sent;
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the client reads this cookie
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.unstubAllGlobals());

describe('TeamView', { timeout: 30_000 }, () => {
  it('names each role, a driver as Driver', () => {
    answerWith([]);
    renderWithApp(<TeamView members={[ADA, OMAR, DEE]} />);
    const table = screen.getByRole('table', { name: 'Team' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Admin',
      'Operator',
      'Driver',
    ]);
  });

  it('offers the two other roles, and makes an operator a driver after asking', async () => {
    const sent = answerWith({ ...OMAR, role: 'driver' });
    const user = userEvent.setup();
    renderWithApp(<TeamView members={[ADA, OMAR, DEE]} />);
    const table = screen.getByRole('table', { name: 'Team' });
    await user.click(within(table).getByRole('button', { name: 'Actions for Omar Operator' }));
    expect(await screen.findByText('Make admin')).toBeTruthy();
    expect(screen.queryByText('Make operator')).toBeNull();
    await user.click(screen.getByText('Make driver'));
    const dialog = await screen.findByRole('dialog', { name: 'Make Omar Operator a driver?' });
    expect(dialog.textContent).toContain('Drivers use only the driver app');
    await user.click(within(dialog).getByRole('button', { name: 'Make driver' }));
    await waitFor(() =>
      expect(sent).toEqual([{ url: `/api/admin/operators/${OMAR.id}`, method: 'PATCH', body: { role: 'driver' } }]),
    );
    expect(await screen.findByText('Omar Operator is now a driver.')).toBeTruthy();
  });

  it('makes a driver an operator again', async () => {
    const sent = answerWith({ ...DEE, role: 'operator' });
    const user = userEvent.setup();
    renderWithApp(<TeamView members={[ADA, OMAR, DEE]} />);
    await user.click(
      within(screen.getByRole('table', { name: 'Team' })).getByRole('button', { name: 'Actions for Dee Driver' }),
    );
    expect(await screen.findByText('Make operator')).toBeTruthy();
    expect(screen.queryByText('Make driver')).toBeNull();
    await user.click(screen.getByText('Make operator'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make operator' }));
    await waitFor(() => expect(sent.map((request) => request.body)).toEqual([{ role: 'operator' }]));
  });
});
