import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRACKING_CODES_TOO_MANY, type TrackResult } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../test/render-for-test.tsx';
import TrackPage, { type TrackPageProps } from './track-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const NOT_FOUND = 'Package not found. Please check the tracking code and try again.';

function answer(code: string, fields: Partial<TrackResult>): TrackResult {
  return {
    trackingNumber: code,
    trackingCode: code,
    status: 'Order Placed',
    estimatedDelivery: null,
    locationUpdates: [],
    late: false,
    delivery: null,
    ...fields,
  };
}

/** Packages the stub server knows; any other code is answered 404 as the real one does. */
const PACKAGES: Record<string, TrackResult> = {
  SHIPPED22AAA: answer('SHIPPED22AAA', { status: 'Shipped', estimatedDelivery: '2026-12-03T12:00:00.000Z' }),
  LATE2222BBBB: answer('LATE2222BBBB', {
    status: 'Out for Delivery',
    estimatedDelivery: '2026-11-20T12:00:00.000Z',
    late: true,
  }),
  PLACED22CCCC: answer('PLACED22CCCC', {}),
};

/**
 * The tracking island as the server renders it (`props`), against a stub of GET /api/track/{code};
 * the addresses it goes to are recorded instead of loaded.
 */
function openWith(props: Partial<TrackPageProps>) {
  const fetch = vi.fn(async (url: string) => {
    const code = decodeURIComponent(String(url).replace('/api/track/', ''));
    const found = PACKAGES[code];
    return found ? Response.json(found) : Response.json({ message: NOT_FOUND }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  renderForTest(<TrackPage code="" result={null} error={null} listed="" {...props} />);
  const asked = () => fetch.mock.calls.map(([url]) => String(url));
  const visited = () => assign.mock.calls.map(([url]) => String(url));
  return { asked, visited };
}

const rows = () => screen.getAllByTestId('tracking-row');

describe('Track page with several codes', () => {
  it('lists each code of the address with its status and delivery, each linking to its own page', async () => {
    const { asked } = openWith({ listed: 'SHIPPED22AAA,NOSUCHCODE22,LATE2222BBBB' });
    const list = await screen.findByRole('region', { name: '3 packages' });
    await waitFor(() => expect(within(list).queryByText('Looking it up…')).toBeNull());

    const [shipped, unknown, late] = rows();
    expect(within(shipped!).getByTestId('tracking-status').textContent).toBe('Shipped');
    expect(shipped!.textContent).toContain('SHIPPED22AAA');
    expect(shipped!.textContent).toContain('Estimated delivery');
    expect(within(unknown!).getByTestId('tracking-status').textContent).toBe('Not found');
    expect(within(late!).getByTestId('tracking-status').textContent).toBe('Out for Delivery');
    expect(late!.textContent).toContain('Running late…');
    expect(late!.textContent).not.toContain('Estimated delivery');
    expect(rows().map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/track/SHIPPED22AAA',
      '/track/NOSUCHCODE22',
      '/track/LATE2222BBBB',
    ]);
    // One request per code, and no toast for the one not found: its row says so.
    expect(asked().sort()).toEqual(['/api/track/LATE2222BBBB', '/api/track/NOSUCHCODE22', '/api/track/SHIPPED22AAA']);
    expect(screen.queryByText('Tracking Error')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Tracking code' })).toHaveProperty(
      'value',
      'SHIPPED22AAA, NOSUCHCODE22, LATE2222BBBB',
    );
  });

  it('goes to the address of codes typed one a line or with commas, and of one code on its own', async () => {
    const user = userEvent.setup();
    const { asked, visited } = openWith({});
    const field = screen.getByRole('textbox', { name: 'Tracking code' });
    await user.click(field);
    await user.paste(' placed22cccc');
    // Shift+Enter starts a new line; Enter alone tracks.
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('shipped22aaa, placed22cccc');
    expect(field).toHaveProperty('value', ' placed22cccc\nshipped22aaa, placed22cccc');
    await user.keyboard('{Enter}');
    expect(visited()).toEqual(['/track?codes=PLACED22CCCC,SHIPPED22AAA']);

    await user.clear(field);
    await user.paste('Shipped22aaa ,');
    await user.keyboard('{Enter}');
    expect(visited()).toEqual(['/track?codes=PLACED22CCCC,SHIPPED22AAA', '/track/SHIPPED22AAA']);
    // Going to an address is the server's to answer: nothing is looked up here.
    expect(asked()).toEqual([]);
  });

  it('looks the same codes up again when tracked again, without leaving the list', async () => {
    const user = userEvent.setup();
    const { asked, visited } = openWith({ listed: 'PLACED22CCCC,SHIPPED22AAA' });
    await waitFor(() =>
      expect(rows().map((row) => within(row).queryByTestId('tracking-status')?.textContent)).toEqual([
        'Order Placed',
        'Shipped',
      ]),
    );
    expect(rows()[0]!.textContent).toContain('No delivery estimate yet');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await waitFor(() => expect(asked()).toHaveLength(4));
    expect(visited()).toEqual([]);
  });

  it(`refuses more than ten codes with a message, asking the server nothing`, async () => {
    const user = userEvent.setup();
    const { asked, visited } = openWith({});
    const eleven = Array.from({ length: 11 }, (_, i) => `CODE${i}`).join(',');
    await user.click(screen.getByRole('textbox', { name: 'Tracking code' }));
    await user.paste(eleven);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(TRACKING_CODES_TOO_MANY)).toBeTruthy();
    expect(visited()).toEqual([]);
    expect(asked()).toEqual([]);
  });

  it('says so for an address with more than ten codes, asking the server nothing', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `CODE${i}`).join(',');
    const first = openWith({ listed: eleven });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TRACKING_CODES_TOO_MANY);
    expect(screen.queryByTestId('tracking-row')).toBeNull();
    expect(first.asked()).toEqual([]);
  });

  it('keeps the empty search for an address without codes', async () => {
    const { asked } = openWith({ listed: '' });
    await screen.findByText('Where is my tracking number?');
    expect(asked()).toEqual([]);
  });
});

describe('Track page with one package', () => {
  const bar = () =>
    Array.from(document.querySelectorAll('ol > li')).map((item) => [item.textContent, item.getAttribute('data-state')]);
  const timeline = () =>
    within(screen.getByRole('list', { name: 'Delivery stages' }))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('data-state'));

  it('shows a pending package with Order Placed done on the bar and the timeline alike', async () => {
    const result = answer('PENDING2DDDD', { status: 'Pending', estimatedDelivery: '2026-12-03T12:00:00.000Z' });
    openWith({ code: result.trackingNumber, result });
    await screen.findByTestId('tracking-number');
    expect(timeline()).toEqual(['done', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(bar()[0]).toEqual(['Order Placed (done)', 'done']);
    expect(
      bar()
        .slice(1)
        .every(([, state]) => state === 'upcoming'),
    ).toBe(true);
    expect(screen.getByText('Estimated delivery')).toBeTruthy();
  });

  it('shows a delivered package with every step done, nothing current and no estimate', async () => {
    const result = answer('DELIVERED2EE', {
      status: 'Delivered',
      estimatedDelivery: '2026-12-03T12:00:00.000Z',
      delivery: { deliveredAt: '2026-12-02T10:00:00.000Z', receivedBy: 'A. L.' },
    });
    openWith({ code: result.trackingNumber, result });
    await screen.findByTestId('tracking-delivery');
    expect(bar().map(([, state]) => state)).toEqual(Array(5).fill('done'));
    expect(timeline()).toEqual(Array(7).fill('done'));
    expect(screen.queryByText('Current')).toBeNull();
    expect(screen.queryByText(/current step/)).toBeNull();
    expect(screen.queryByText('Estimated delivery')).toBeNull();
  });
});

describe('text updates on the tracking page', () => {
  const textsTitle = () => screen.queryByRole('heading', { name: 'Get text updates' });

  it('are offered beside the e-mail updates only when the server can send texts', async () => {
    const result = PACKAGES.SHIPPED22AAA!;
    openWith({ code: result.trackingNumber, result, texts: true });
    await screen.findByTestId('tracking-number');
    expect(textsTitle()).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Get e-mail updates' })).toBeTruthy();
  });

  it('are absent without a provider, and for a delivered package', async () => {
    const shipped = PACKAGES.SHIPPED22AAA!;
    openWith({ code: shipped.trackingNumber, result: shipped });
    await screen.findByTestId('tracking-number');
    expect(textsTitle()).toBeNull();
    cleanup();
    const delivered = answer('DELIVERED2EE', { status: 'Delivered' });
    openWith({ code: delivered.trackingNumber, result: delivered, texts: true });
    await screen.findByTestId('tracking-number');
    expect(textsTitle()).toBeNull();
  });
});
