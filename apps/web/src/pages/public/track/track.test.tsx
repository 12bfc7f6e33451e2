import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRACKING_CODES_TOO_MANY, type TrackResult } from '@waybill/domain';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { Component as TrackPage } from './index.tsx';

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

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

/** The track page at `path` (both of its routes), against a stub of GET /api/track/{code}. */
function openAt(path: string) {
  const fetch = vi.fn(async (url: string) => {
    const code = decodeURIComponent(String(url).replace('/api/track/', ''));
    const found = PACKAGES[code];
    return found ? Response.json(found) : Response.json({ message: NOT_FOUND }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  renderWithApp(
    <>
      <Routes>
        <Route path="/track" element={<TrackPage />} />
        <Route path="/track/:code" element={<TrackPage />} />
      </Routes>
      <Address />
    </>,
    { path },
  );
  const asked = () => fetch.mock.calls.map(([url]) => String(url));
  return { asked };
}

const address = () => screen.getByTestId('address').textContent;
const rows = () => screen.getAllByTestId('tracking-row');

describe('Track page with several codes', () => {
  it('lists each code of the address with its status and delivery, each linking to its own page', async () => {
    const { asked } = openAt('/track?codes=SHIPPED22AAA,NOSUCHCODE22,LATE2222BBBB');
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

  it('puts codes typed one a line or with commas into the address, and one code on its own page', async () => {
    const user = userEvent.setup();
    const { asked } = openAt('/track');
    const field = screen.getByRole('textbox', { name: 'Tracking code' });
    await user.click(field);
    await user.paste(' placed22cccc');
    // Shift+Enter starts a new line; Enter alone tracks.
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('shipped22aaa, placed22cccc');
    expect(field).toHaveProperty('value', ' placed22cccc\nshipped22aaa, placed22cccc');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/track?codes=PLACED22CCCC,SHIPPED22AAA'));
    await waitFor(() =>
      expect(rows().map((row) => within(row).queryByTestId('tracking-status')?.textContent)).toEqual([
        'Order Placed',
        'Shipped',
      ]),
    );
    expect(rows()[0]!.textContent).toContain('No delivery estimate yet');

    // The same codes again look them up again.
    await user.click(screen.getByRole('button', { name: 'Track' }));
    await waitFor(() => expect(asked()).toHaveLength(4));

    const listField = screen.getByRole('textbox', { name: 'Tracking code' });
    await user.clear(listField);
    await user.paste('Shipped22aaa ,');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('/track/SHIPPED22AAA'));
    await screen.findByTestId('tracking-number');
  }, 20_000);

  it(`refuses more than ten codes with a message, asking the server nothing`, async () => {
    const user = userEvent.setup();
    const { asked } = openAt('/track');
    const eleven = Array.from({ length: 11 }, (_, i) => `CODE${i}`).join(',');
    await user.click(screen.getByRole('textbox', { name: 'Tracking code' }));
    await user.paste(eleven);
    await user.keyboard('{Enter}');
    expect(await screen.findByText(TRACKING_CODES_TOO_MANY)).toBeTruthy();
    expect(address()).toBe('/track');
    expect(asked()).toEqual([]);
  });

  it('says so for an address with more than ten codes, asking the server nothing', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `CODE${i}`).join(',');
    const first = openAt(`/track?codes=${eleven}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TRACKING_CODES_TOO_MANY);
    expect(screen.queryByTestId('tracking-row')).toBeNull();
    expect(first.asked()).toEqual([]);
  });

  it('opens the page of the one code an address lists', async () => {
    openAt('/track?codes=shipped22aaa,');
    await waitFor(() => expect(address()).toBe('/track/SHIPPED22AAA'));
    expect((await screen.findByTestId('tracking-number')).textContent).toBe('SHIPPED22AAA');
  });

  it('keeps the empty search for an address without codes', async () => {
    const { asked } = openAt('/track?codes=');
    await screen.findByText('Where is my tracking number?');
    expect(asked()).toEqual([]);
  });
});
