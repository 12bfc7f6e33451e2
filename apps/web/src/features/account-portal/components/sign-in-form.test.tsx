import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { AccountSignInForm } from './sign-in-form.tsx';

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the client reads this cookie
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.unstubAllGlobals());

async function signInAnswered(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message }, { status })),
  );
  const user = userEvent.setup();
  renderWithApp(<AccountSignInForm onSignedIn={() => {}} />);
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('alert');
}

describe('AccountSignInForm', () => {
  it('says the throttle stopped the sign-in, with the wait the server gives', async () => {
    const alert = await signInAnswered(429, 'Too many failed sign-ins for this account. Try again in 15 minutes.');
    expect(alert.textContent).toContain('Too many sign-in attempts');
    expect(alert.textContent).toContain('Try again in 15 minutes.');
  });

  it('shows a refused password as a failed sign-in', async () => {
    const alert = await signInAnswered(401, 'Invalid email or password');
    expect(alert.textContent).toContain('Sign-in failed');
    expect(alert.textContent).toContain('Invalid email or password');
  });
});
