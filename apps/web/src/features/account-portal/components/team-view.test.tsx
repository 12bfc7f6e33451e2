import { screen, within } from '@testing-library/react';
import type { AccountMember } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { TeamView } from './team-view.tsx';

const person = (id: string, name: string, role: AccountMember['role']): AccountMember => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  role,
  invitationPending: false,
  lastSignInAt: null,
  createdAt: '2026-11-25T02:00:00.000Z',
});
const ADA = person('m1', 'Ada Owner', 'owner');
const BEN = person('m2', 'Ben Member', 'member');

afterEach(() => vi.unstubAllGlobals());

describe('TeamView', () => {
  it('lets an owner invite and remove colleagues, never themselves', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([ADA, BEN])),
    );
    renderWithApp(<TeamView me={ADA} />);
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByRole('button', { name: 'Remove Ben Member' })).toBeTruthy();
    expect(within(members).queryByRole('button', { name: 'Remove Ada Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeTruthy();
  });

  it('shows a member the team without any owner-only control', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([ADA, BEN])),
    );
    renderWithApp(<TeamView me={BEN} />);
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Email/ })).toBeNull();
  });
});
