import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { HomeContactForm } from './home-contact-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** The form against a stub server that answers every call; what it was asked is recorded. */
function openForm() {
  const fetch = vi.fn(async (url: string) =>
    String(url).includes('console-shortcut')
      ? Response.json({ path: null })
      : Response.json({ message: 'Message received', id: 'a' }, { status: 201 }),
  );
  vi.stubGlobal('fetch', fetch);
  renderForTest(<HomeContactForm />);
  // The client's first write fetches the anti-forgery cookie from /api/health; what counts is the rest.
  const asked = () => fetch.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/health');
  return { asked };
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

describe('Home contact form', () => {
  it('accepts a blank submission as SPEC §5 says, thanks the visitor, and sends nothing to the Inbox', async () => {
    const { asked } = openForm();
    await userEvent.type(screen.getByLabelText(/Name/), '   ');
    await userEvent.type(screen.getByLabelText(/Message/), '  ');
    await send();
    expect(await screen.findByText('Message Received')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.queryByText('Message is required')).toBeNull();
    expect(asked()).toEqual([]);
  });

  it('sends a message whatever the other fields hold, checking none of them', async () => {
    const { asked } = openForm();
    await userEvent.type(screen.getByLabelText(/Email/), 'grace@example');
    await userEvent.type(screen.getByLabelText(/Message/), 'Do you collect on Saturdays?');
    await send();
    expect(await screen.findByText('Message Received')).toBeTruthy();
    expect(screen.queryByText('Invalid email address')).toBeNull();
    expect(asked()).toEqual(['/api/contact-messages']);
  });

  it('asks the server about a name with a number, then sends the message when it is no shortcut', async () => {
    const { asked } = openForm();
    await userEvent.type(screen.getByLabelText(/Name/), 'Grace');
    await userEvent.type(screen.getByLabelText(/Email/), '12345');
    await userEvent.type(screen.getByLabelText(/Message/), 'Hello');
    await send();
    expect(await screen.findByText('Message Received')).toBeTruthy();
    expect(asked()).toEqual(['/api/console-shortcut', '/api/contact-messages']);
  });

  it('sends a complete message and confirms it', async () => {
    const { asked } = openForm();
    await userEvent.type(screen.getByLabelText(/Name/), 'Grace');
    await userEvent.type(screen.getByLabelText(/Email/), 'grace@example.org');
    await userEvent.type(screen.getByLabelText(/Message/), 'Do you collect on Saturdays?');
    await send();
    expect(await screen.findByText('Message Received')).toBeTruthy();
    expect(asked()).toEqual(['/api/contact-messages']);
  });
});
