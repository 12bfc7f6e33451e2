import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISPATCH_OPEN_STOPS, type Run } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { Component as DispatchPage } from './index.tsx';

const DAY = '2027-03-04';
// Two runs that hold more stops together than Dispatch lists at once.
const PER_RUN = DISPATCH_OPEN_STOPS / 2 + 10;

const code = (run: number, index: number) => `R${run}${String(index).padStart(10, '0')}`;

/** A server with a big day of two runs (the first stop of each delivered), that stores what PUT stops sends. */
function fakeServer() {
  const run = (id: string, number: number, driverName: string, codes: string[]): Run => ({
    id,
    driverId: `driver-${id}`,
    driverName,
    date: DAY,
    stops: codes.map((trackingCode, index) => ({
      trackingCode,
      status: trackingCode === code(number, 0) ? 'Delivered' : 'Out for Delivery',
      destination: `Street ${index + 1}, Accra`,
      receiverName: `Receiver ${index + 1}`,
      receiverPhone: '+233 20 000 0000',
      position: index + 1,
      attempt: null,
    })),
    createdAt: '2027-03-01T08:00:00.000Z',
    updatedAt: '2027-03-01T08:00:00.000Z',
  });
  const codesOf = (number: number) => Array.from({ length: PER_RUN }, (_, index) => code(number, index));
  const runs = [run('r1', 1, 'Ama Driver', codesOf(1)), run('r2', 2, 'Ben Driver', codesOf(2))];
  const puts: { runId: string; codes: string[] }[] = [];

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/session') {
        return Response.json({ operator: { email: 'desk@courier.test', name: 'Desk', role: 'admin' }, expired: false });
      }
      if (url.pathname === '/api/admin/delivery-settings') {
        return Response.json({ depotLocation: 'Tema depot', maxAttempts: 3, failureReasons: ['Nobody at home'] });
      }
      if (url.pathname === '/api/admin/runs' && method === 'GET') return Response.json(runs);
      if (url.pathname === '/api/admin/runs/drivers') return Response.json([]);
      if (url.pathname === '/api/admin/runs/unassigned') {
        return Response.json([], { headers: { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '50' } });
      }
      const stops = /^\/api\/admin\/runs\/(\w+)\/stops$/.exec(url.pathname);
      if (stops && method === 'PUT') {
        const codes = (JSON.parse(String(init?.body)) as { trackingCodes: string[] }).trackingCodes;
        puts.push({ runId: stops[1]!, codes });
        const index = runs.findIndex((each) => each.id === stops[1]);
        runs[index] = run(stops[1]!, index + 1, runs[index]!.driverName, codes);
        return Response.json(runs[index]);
      }
      return Response.json({ message: `Unexpected ${method} ${url.pathname}` }, { status: 500 });
    }),
  );
  return { puts };
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie set above, taken away again
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const openDispatch = () => renderWithApp(<DispatchPage />, { path: `/dispatch?date=${DAY}` });
const toggleOf = (driver: string) => screen.getByRole('button', { name: `Stops of ${driver}` });
const stopsOf = (driver: string) => screen.queryByRole('list', { name: `Stops of ${driver}, in order` });

describe('Dispatch on a big day', () => {
  it('shows each run as its summary, and lists its stops once opened', async () => {
    fakeServer();
    const user = userEvent.setup();
    openDispatch();
    const ama = await screen.findByRole('region', { name: 'Ama Driver' });
    expect(within(ama).getByText(`${PER_RUN} stops, 1 done`)).toBeTruthy();
    expect(toggleOf('Ama Driver').getAttribute('aria-expanded')).toBe('false');
    expect(toggleOf('Ben Driver').getAttribute('aria-expanded')).toBe('false');
    expect(stopsOf('Ama Driver')).toBeNull();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);

    await user.click(toggleOf('Ama Driver'));
    expect(toggleOf('Ama Driver').getAttribute('aria-expanded')).toBe('true');
    const list = stopsOf('Ama Driver')!;
    expect(toggleOf('Ama Driver').getAttribute('aria-controls')).toBe(list.id);
    expect(within(list).getAllByRole('listitem')).toHaveLength(PER_RUN);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain(code(1, 0));
    // The other run stays a summary; closing the first takes its stops away again.
    expect(stopsOf('Ben Driver')).toBeNull();
    await user.click(toggleOf('Ama Driver'));
    expect(stopsOf('Ama Driver')).toBeNull();
  });

  it('reorders the stops of an opened run from the keyboard and saves the whole order', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    openDispatch();
    await screen.findByRole('region', { name: 'Ben Driver' });
    toggleOf('Ben Driver').focus();
    await user.keyboard('{Enter}');
    const down = screen.getByRole('button', { name: `Move ${code(2, 0)} down` });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.puts).toHaveLength(1));
    const expected = [code(2, 1), code(2, 0), ...Array.from({ length: PER_RUN - 2 }, (_, index) => code(2, index + 2))];
    expect(server.puts[0]).toEqual({ runId: 'r2', codes: expected });
    await waitFor(() =>
      expect(
        within(stopsOf('Ben Driver')!)
          .getAllByRole('listitem')
          .slice(0, 2)
          .map((item) => item.textContent?.match(/R2\d{10}/)?.[0]),
      ).toEqual([code(2, 1), code(2, 0)]),
    );
    // The run stays open while its new order comes back.
    expect(toggleOf('Ben Driver').getAttribute('aria-expanded')).toBe('true');
  });
});
