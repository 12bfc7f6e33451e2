import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { TrackPackage } from './track-package.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in a store shared by every render.
  notifications.clean();
});

/** Tracks `code` against a server that answers `response`; resolves with the Tracking Error toast's text. */
async function trackingErrorFor(response: () => Response): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
  renderWithApp(<TrackPackage code="ABCDEFGH2345" onTrackCode={() => {}} />);
  const title = await screen.findByText('Tracking Error', {}, { timeout: 5000 });
  const toast = title.closest('[role="alert"]') as HTMLElement;
  return within(toast).getByText(
    (_, element) => element?.classList.contains('mantine-Notification-description') ?? false,
  ).textContent as string;
}

describe('TrackPackage when tracking fails', () => {
  it("shows the server's message", async () => {
    const message = 'Package not found. Please check the tracking code and try again.';
    expect(await trackingErrorFor(() => Response.json({ message }, { status: 404 }))).toBe(message);
  });

  it('falls back to "Failed to track package." for an answer without a JSON message', async () => {
    expect(await trackingErrorFor(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }))).toBe(
      'Failed to track package.',
    );
  });

  it('falls back for JSON without a message too, and shows no result', async () => {
    expect(await trackingErrorFor(() => Response.json({}, { status: 500 }))).toBe('Failed to track package.');
    expect(screen.queryByTestId('tracking-number')).toBeNull();
  });

  it('falls back for a 200 answer its schema refuses, and shows no result', async () => {
    // A public answer carrying the receiver's e-mail breaks the contract: it is refused, not shown.
    const leaky = {
      trackingNumber: 'ABCDEFGH2345',
      trackingCode: 'ABCDEFGH2345',
      status: 'Shipped',
      estimatedDelivery: null,
      locationUpdates: [],
      remail: 'kofi@example.com',
    };
    expect(await trackingErrorFor(() => Response.json(leaky))).toBe('Failed to track package.');
    expect(screen.queryByTestId('tracking-number')).toBeNull();
    expect(screen.queryByText('kofi@example.com')).toBeNull();
  });
});

describe('TrackPackage and e-mail updates', () => {
  const resultWith = (status: string) => ({
    trackingNumber: 'ABCDEFGH2345',
    trackingCode: 'ABCDEFGH2345',
    status,
    estimatedDelivery: null,
    locationUpdates: [],
    late: false,
    delivery: null,
  });

  it.each(['Delivered', 'Rejected'])('does not offer them for a %s package, which will not move again', (status) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(resultWith(status))),
    );
    renderWithApp(<TrackPackage code="ABCDEFGH2345" initial={resultWith(status)} onTrackCode={() => {}} />);
    expect(screen.getByTestId('tracking-number')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Get e-mail updates' })).toBeNull();
  });

  it('offers them for a package on its way', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(resultWith('Shipped'))),
    );
    renderWithApp(<TrackPackage code="ABCDEFGH2345" initial={resultWith('Shipped')} onTrackCode={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Get e-mail updates' })).toBeTruthy();
  });
});
