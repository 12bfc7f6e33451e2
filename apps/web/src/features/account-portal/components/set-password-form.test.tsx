import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

const PASSWORD = 'quiet lantern orbit 47';
const SESSION = {
  member: { id: 'm1', email: 'ada@example.com', name: 'Ada', role: 'owner' },
  account: {
    id: 'a1',
    company: 'Ada Goods',
    address: '12 Marina',
    city: 'Lagos',
    country: 'Nigeria',
    contactName: 'Ada',
    contactEmail: 'ada@example.com',
    contactPhone: '+234 801 000 0000',
  },
};

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the client reads this cookie
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.unstubAllGlobals());

function answer() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json(url.endsWith('/set-password') ? { message: 'Password set.' } : SESSION);
    }),
  );
  return sent;
}

async function fill(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByRole('textbox', { name: /^Email/ }), email);
  await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), PASSWORD);
  await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('SetPasswordForm', () => {
  it('sets the password with the link’s token, then signs in with the address and the new password', async () => {
    const sent = answer();
    const onSignedIn = vi.fn();
    renderWithApp(<SetPasswordForm token={'t'.repeat(43)} onSignedIn={onSignedIn} onPasswordSet={() => {}} />);
    await fill('ada@example.com');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(sent).toEqual([
      { url: '/api/account/set-password', body: { token: 't'.repeat(43), password: PASSWORD } },
      { url: '/api/account/sign-in', body: { email: 'ada@example.com', password: PASSWORD } },
    ]);
  });

  it('asks for the address before using the link, which works once', async () => {
    const sent = answer();
    renderWithApp(<SetPasswordForm token={'t'.repeat(43)} onSignedIn={() => {}} onPasswordSet={() => {}} />);
    await fill('');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
