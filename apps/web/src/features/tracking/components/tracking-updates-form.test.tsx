import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import { SUBSCRIBE_ACCEPTED, SUBSCRIBERS_FULL } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { TrackingUpdatesForm } from './tracking-updates-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function ask(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Get e-mail updates' }));
}

describe('TrackingUpdatesForm', () => {
  it('explains a bad address under the field and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<TrackingUpdatesForm code="ABCDEFGH2345" />);
    ask('not an address');
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's answer in place of the form, the same words whatever the address's state", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ message: SUBSCRIBE_ACCEPTED }, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<TrackingUpdatesForm code="ABCDEFGH2345" />);
    ask('ada@example.org');
    expect((await screen.findByRole('status')).textContent).toBe(SUBSCRIBE_ACCEPTED);
    const [url, init] = fetch.mock.calls.find(([url]) => url.includes('/subscriptions'))!;
    expect(url).toBe('/api/track/ABCDEFGH2345/subscriptions');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.org' });
  });

  it("tells a refusal in a toast with the server's message and keeps the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: SUBSCRIBERS_FULL }, { status: 409 })),
    );
    renderWithApp(<TrackingUpdatesForm code="ABCDEFGH2345" />);
    ask('ada@example.org');
    expect(await screen.findByText(SUBSCRIBERS_FULL, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get e-mail updates' })).toBeTruthy();
  });
});
