import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailComposer } from './email-composer.tsx';

// Mantine's autosizing textarea listens for font loading, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function renderComposer() {
  // No server here: the company query fails quietly and the signature stays for the server to fill.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <EmailComposer />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

describe('EmailComposer', { timeout: 30_000 }, () => {
  it('shows the image count only while Include package images is ticked', async () => {
    const user = renderComposer();
    expect(screen.queryByRole('textbox', { name: 'Image Count' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Include package images/ }));
    expect((screen.getByRole('textbox', { name: 'Image Count' }) as HTMLInputElement).value).toBe('1');
    await user.click(screen.getByRole('checkbox', { name: /Include package images/ }));
    expect(screen.queryByRole('textbox', { name: 'Image Count' })).toBeNull();
  });

  it('keeps an image count as typed and explains one outside 1 to 10 or with decimals', async () => {
    const user = renderComposer();
    await user.click(screen.getByRole('checkbox', { name: /Include package images/ }));
    const count = screen.getByRole('textbox', { name: 'Image Count' }) as HTMLInputElement;
    await user.clear(count);
    await user.type(count, '12');
    expect(count.value).toBe('12');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Image count must be between 1 and 10')).toBeTruthy();

    await user.clear(count);
    await user.type(count, '2.5');
    expect(count.value).toBe('2.5');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
  });

  it('requires the message on the Simple Message tab, not on the package tab', async () => {
    const user = renderComposer();
    expect((screen.getByRole('textbox', { name: 'Greeting' }) as HTMLInputElement).value).toBe('Hello,');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Recipient email is required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.queryByText('Message is required')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Simple Message' }));
    expect(screen.queryByRole('textbox', { name: 'Shipper Name' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Recipient Email' }), 'grace@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Your parcel');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Message is required')).toBeTruthy();
    expect(screen.queryByText('Recipient email is required')).toBeNull();
  });

  it('shows Error sending email with the server message, else the client message for a bare 502', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=test-token';
    let refusal = () =>
      Response.json({ message: 'Could not send the email: the mail server refused it' }, { status: 502 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path === '/api/send-email' ? refusal() : new Response(null, { status: 404 }))),
    );
    const user = renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Recipient Email' }), 'grace@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Your parcel');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const first = await screen.findByText(
      'Could not send the email: the mail server refused it',
      {},
      { timeout: 5000 },
    );
    expect(within(first.closest('[role="alert"]') as HTMLElement).getByText('Error sending email')).toBeTruthy();

    notifications.clean();
    refusal = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const second = await screen.findByText('Request failed with status code 502', {}, { timeout: 5000 });
    expect(within(second.closest('[role="alert"]') as HTMLElement).getByText('Error sending email')).toBeTruthy();
  });

  it("confirms a sent e-mail with SPEC's toast, said once, and to whom it went", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=test-token';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/send-email'
          ? Response.json(
              { message: 'Email sent successfully', id: '0b8f6a44-4b8e-4f0e-9d43-2b5d1e0c9a11' },
              { status: 201 },
            )
          : new Response(null, { status: 404 }),
      ),
    );
    const user = renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Recipient Email' }), 'grace@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Your parcel');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const toast = (await screen.findByRole('alert', {}, { timeout: 5000 })) as HTMLElement;
    expect(within(toast).getAllByText(/Email sent successfully/)).toHaveLength(1);
    expect(toast.textContent).toContain('grace@example.org');
  });
});
