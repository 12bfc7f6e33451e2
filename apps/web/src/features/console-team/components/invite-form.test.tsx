import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamMember } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { InviteForm } from './invite-form.tsx';

const MEMBER: TeamMember = {
  id: '6f1c1d52-0c55-4e6a-9a55-0d5c1b1e2f30',
  name: 'Kofi Mensah',
  email: 'kofi@example.com',
  role: 'operator',
  active: true,
  state: 'invited',
  invitationPending: true,
  lastSignInAt: null,
  createdAt: '2026-11-25T02:00:00.000Z',
};

function answerWith(status: number, body: unknown) {
  const sent: { url: string; method?: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      await new Promise((resolve) => setTimeout(resolve, 100));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function renderForm() {
  const invited: TeamMember[] = [];
  renderWithApp(<InviteForm onInvited={(member) => invited.push(member)} onCancel={() => {}} />);
  return { invited, user: userEvent.setup() };
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the client reads this cookie
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.unstubAllGlobals());

describe('InviteForm', { timeout: 30_000 }, () => {
  it("shows the domain's messages for a blank form and a malformed address, and sends nothing", async () => {
    const sent = answerWith(201, MEMBER);
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Name is required')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'kofi@');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends e-mail, name and the chosen role once, and hands on the new member', async () => {
    const sent = answerWith(201, MEMBER);
    const { user, invited } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'kofi@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Kofi Mensah');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.dblClick(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toEqual([MEMBER]));
    expect(sent).toEqual([
      {
        url: '/api/admin/operators',
        method: 'POST',
        body: { email: 'kofi@example.com', name: 'Kofi Mensah', role: 'admin' },
      },
    ]);
  });

  it('invites a driver', async () => {
    const sent = answerWith(201, { ...MEMBER, role: 'driver' });
    const { user, invited } = renderForm();
    expect(screen.getByRole('option', { name: 'Driver' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'kofi@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Kofi Mensah');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'driver');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toEqual([{ ...MEMBER, role: 'driver' }]));
    expect(sent.map((request) => request.body)).toEqual([
      { email: 'kofi@example.com', name: 'Kofi Mensah', role: 'driver' },
    ]);
  });

  it("shows the server's refusal of an e-mail already in the team", async () => {
    answerWith(409, { message: 'An operator with this e-mail already exists' });
    const { user, invited } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ops@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ops');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An operator with this e-mail already exists');
    expect(invited).toEqual([]);
  });
});
