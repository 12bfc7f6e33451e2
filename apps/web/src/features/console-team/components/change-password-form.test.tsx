import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_TOO_SHORT } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { PASSWORDS_DIFFER } from '../../../lib/password-forms.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

const NEW = 'copper kettle migrates north';

function answerWith(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(init?.body ? JSON.parse(String(init.body)) : undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

async function fill(current: string, next: string, confirm = next) {
  const user = userEvent.setup();
  renderWithApp(<ChangePasswordForm />);
  await user.type(screen.getByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  return user;
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the client reads this cookie
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.unstubAllGlobals());

describe('ChangePasswordForm', { timeout: 30_000 }, () => {
  it('checks the length and the repeated password before sending', async () => {
    const sent = answerWith(200, { message: 'never' });
    const user = await fill('old password', 'short', 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    answerWith(400, {
      message: 'The current password is wrong.',
      errors: { currentPassword: 'The current password is wrong.' },
    });
    const user = await fill('not it at all', NEW);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const message = await screen.findByText('The current password is wrong.');
    expect(screen.getByLabelText(/^Current password/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it("changes it once, shows the server's message and empties the form", async () => {
    const sent = answerWith(200, { message: 'Your password is changed. Your other sessions have been signed out.' });
    const user = await fill('the old password', NEW);
    await user.dblClick(screen.getByRole('button', { name: 'Change password' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Your other sessions have been signed out.');
    expect(sent).toEqual([{ currentPassword: 'the old password', newPassword: NEW }]);
    await waitFor(() => expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe(''));
  });
});
