import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_TOO_SHORT } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { PASSWORDS_DIFFER } from '../../../lib/password-forms.ts';
import { AcceptInviteForm } from './accept-invite-form.tsx';

const STRONG = 'copper kettle migrates north';

/** Answers every request with `status` and `body`, recording what was sent. */
function answerWith(status: number, body: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  const fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    // A server takes a moment: a second click lands while the first request is still out.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return sent;
}

function renderForm() {
  const done: string[] = [];
  renderWithApp(<AcceptInviteForm token="tok-123" onDone={(message) => done.push(message)} />);
  return { done, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password, name = '') {
  if (name) await user.type(screen.getByLabelText('Your name'), name);
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirm);
}

beforeEach(() => {
  // The anti-forgery cookie is there, so the client sends no extra request for it.
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the client reads this cookie
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.unstubAllGlobals());

describe('AcceptInviteForm', { timeout: 30_000 }, () => {
  it('refuses a short password and two different passwords without asking the server', async () => {
    const sent = answerWith(200, { message: 'never' });
    const { user } = renderForm();
    await fill(user, 'short', 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeTruthy();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), STRONG);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the token and password once, leaves a blank name out, and hands on the message', async () => {
    const sent = answerWith(200, { message: 'Your password is set.' });
    const { user, done } = renderForm();
    await fill(user, STRONG);
    await user.dblClick(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(done).toEqual(['Your password is set.']));
    expect(sent).toEqual([{ url: '/api/auth/accept-invite', body: { token: 'tok-123', password: STRONG } }]);
  });

  it('sends a name typed with spaces around it trimmed', async () => {
    const sent = answerWith(200, { message: 'ok' });
    const { user, done } = renderForm();
    await fill(user, STRONG, STRONG, '  Kofi Mensah ');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(done).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ token: 'tok-123', password: STRONG, name: 'Kofi Mensah' });
  });

  it("shows the server's strength message under the password field", async () => {
    const weakness = 'This password is too easy to guess: it is a common phrase.';
    answerWith(400, { message: weakness, errors: { password: weakness } });
    const { user, done } = renderForm();
    await fill(user, 'password1234');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    const message = await screen.findByText(weakness);
    const field = screen.getByLabelText(/^New password/);
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(done).toEqual([]);
  });

  it("shows an expired link's message with what to do", async () => {
    const expired = 'This link has expired or was already used. Ask an admin for a new one.';
    answerWith(400, { message: expired });
    const { user } = renderForm();
    await fill(user, STRONG);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(expired);
    expect(alert.textContent).toContain('An admin can send you a new link');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });
});
