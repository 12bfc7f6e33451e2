import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Run, RunPackage } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { Component as DispatchPage } from './index.tsx';

const DAY = '2027-03-04';
const pkg = (trackingCode: string, receiverName: string): RunPackage => ({
  trackingCode,
  status: 'Order Placed',
  destination: `${receiverName}'s street 1, Accra`,
  receiverName,
  receiverPhone: '+233 20 000 0000',
});

/** A server with a day of two runs and packages left to plan, that stores what PUT stops sends. */
function fakeServer({ refuse = new Map<string, string>(), role = 'admin' } = {}) {
  const packages = new Map(
    [
      pkg('AAAA11111111', 'Ada'),
      pkg('BBBB22222222', 'Bo'),
      pkg('CCCC33333333', 'Cy'),
      pkg('DDDD44444444', 'Di'),
      pkg('EEEE55555555', 'Ed'),
    ].map((item) => [item.trackingCode, item]),
  );
  const run = (id: string, driverName: string, codes: string[]): Run => ({
    id,
    driverId: `driver-${id}`,
    driverName,
    date: DAY,
    stops: codes.map((code, index) => ({ ...packages.get(code)!, position: index + 1, attempt: null })),
    createdAt: '2027-03-01T08:00:00.000Z',
    updatedAt: '2027-03-01T08:00:00.000Z',
  });
  const runs = [run('r1', 'Ama Driver', ['AAAA11111111', 'BBBB22222222', 'CCCC33333333']), run('r2', 'Ben Driver', [])];
  const puts: { runId: string; codes: string[] }[] = [];
  const asked: string[] = [];

  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    asked.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/auth/session') {
      return Response.json({ operator: { email: 'desk@courier.test', name: 'Desk', role }, expired: false });
    }
    if (url.pathname === '/api/admin/delivery-settings' && method === 'GET') {
      return Response.json({
        depotLocation: 'Tema depot',
        maxAttempts: 3,
        failureReasons: ['Nobody at home'],
        workingDays: [1, 2, 3, 4, 5],
        holidays: [],
      });
    }
    if (url.pathname === '/api/admin/runs' && method === 'GET') return Response.json(runs);
    if (url.pathname === '/api/admin/runs/drivers') {
      return Response.json([
        { id: 'driver-r1', name: 'Ama Driver' },
        { id: 'driver-r2', name: 'Ben Driver' },
        { id: 'driver-3', name: 'Cleo Driver' },
      ]);
    }
    if (url.pathname === '/api/admin/runs/unassigned') {
      const planned = new Set(runs.flatMap((each) => each.stops.map((stop) => stop.trackingCode)));
      const left = [...packages.values()].filter((item) => !planned.has(item.trackingCode));
      return Response.json(left, {
        headers: { 'X-Total-Count': String(left.length), 'X-Page': '1', 'X-Page-Size': '50' },
      });
    }
    const stops = /^\/api\/admin\/runs\/(\w+)\/stops$/.exec(url.pathname);
    if (stops && method === 'PUT') {
      const codes = (JSON.parse(String(init?.body)) as { trackingCodes: string[] }).trackingCodes;
      puts.push({ runId: stops[1]!, codes });
      const refused = codes.flatMap((code, index) =>
        refuse.has(code) ? [[`trackingCodes.${index}`, refuse.get(code)!]] : [],
      );
      if (refused.length > 0) {
        const named = codes.filter((code) => refuse.has(code)).map((code) => `${code} (${refuse.get(code)})`);
        return Response.json(
          {
            message: `These packages cannot be stops of this run: ${named.join(', ')}`,
            errors: Object.fromEntries(refused),
          },
          { status: 400 },
        );
      }
      const index = runs.findIndex((each) => each.id === stops[1]);
      for (const other of runs) {
        other.stops = other.stops.filter((stop) => !codes.includes(stop.trackingCode));
      }
      runs[index] = run(stops[1]!, runs[index]!.driverName, codes);
      return Response.json(runs[index]);
    }
    return Response.json({ message: `Unexpected ${method} ${url.pathname}` }, { status: 500 });
  });
  vi.stubGlobal('fetch', fetch);
  return { puts, asked, runs };
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
const stopsOf = (driver: string) => screen.getByRole('list', { name: `Stops of ${driver}, in order` });
const codesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.match(/[A-Z]{4}\d{8}/)?.[0]);

describe('Dispatch', () => {
  it('asks one page of the packages left to plan and the day’s runs once, and lists both', async () => {
    const server = fakeServer();
    openDispatch();
    const left = await screen.findByRole('list', { name: 'Packages not on a run' });
    expect(within(left).getByText('DDDD44444444')).toBeTruthy();
    expect(within(left).getByText('EEEE55555555')).toBeTruthy();
    expect(codesIn(await waitFor(() => stopsOf('Ama Driver')))).toEqual([
      'AAAA11111111',
      'BBBB22222222',
      'CCCC33333333',
    ]);
    expect(screen.getByText('No stops yet: select packages and assign them to this run.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print run sheet of Ama Driver' }).getAttribute('href')).toBe(
      '/api/admin/runs/r1/sheet.pdf',
    );
    const reads = server.asked.filter((line) => line.startsWith('GET /api/admin/runs'));
    expect(reads.filter((line) => line.startsWith(`GET /api/admin/runs?date=${DAY}`))).toHaveLength(1);
    expect(reads.filter((line) => line.startsWith('GET /api/admin/runs/unassigned'))).toEqual([
      `GET /api/admin/runs/unassigned?page=1&pageSize=50&date=${DAY}`,
    ]);
  });

  it('assigns the chosen packages to the end of a run with PUT stops', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    openDispatch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select DDDD44444444' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select EEEE55555555' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Run' }), 'r1');
    await user.click(screen.getByRole('button', { name: 'Assign 2 packages' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]).toEqual({
      runId: 'r1',
      codes: ['AAAA11111111', 'BBBB22222222', 'CCCC33333333', 'DDDD44444444', 'EEEE55555555'],
    });
    expect(await screen.findByText('2 packages added to the run of Ama Driver.')).toBeTruthy();
    await waitFor(() => expect(codesIn(stopsOf('Ama Driver'))).toHaveLength(5));
  });

  it('shows the codes the server refused and keeps them chosen', async () => {
    fakeServer({ refuse: new Map([['EEEE55555555', 'A Delivered package cannot go out on a run']]) });
    const user = userEvent.setup();
    openDispatch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select EEEE55555555' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Run' }), 'r2');
    await user.click(screen.getByRole('button', { name: 'Assign 1 package' }));
    expect(await screen.findByText('Not assigned: EEEE55555555')).toBeTruthy();
    expect(
      screen.getByText(
        'These packages cannot be stops of this run: EEEE55555555 (A Delivered package cannot go out on a run)',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select EEEE55555555' }) as HTMLInputElement).checked).toBe(true);
  });

  it('reorders by the Move up and Move down buttons, from the keyboard, and saves the whole order', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    openDispatch();
    const down = await screen.findByRole('button', { name: 'Move AAAA11111111 down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]).toEqual({ runId: 'r1', codes: ['BBBB22222222', 'AAAA11111111', 'CCCC33333333'] });
    expect(codesIn(stopsOf('Ama Driver'))).toEqual(['BBBB22222222', 'AAAA11111111', 'CCCC33333333']);

    await user.click(screen.getByRole('button', { name: 'Move CCCC33333333 up' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]!.codes).toEqual(['BBBB22222222', 'CCCC33333333', 'AAAA11111111']);
    await waitFor(() =>
      expect(codesIn(stopsOf('Ama Driver'))).toEqual(['BBBB22222222', 'CCCC33333333', 'AAAA11111111']),
    );
    // The first stop cannot go higher: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Move BBBB22222222 up' }));
    expect(server.puts).toHaveLength(2);
  });

  it('moves a stop to another run, and removes one', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    openDispatch();
    await user.click(await screen.findByRole('button', { name: 'Move BBBB22222222 to another run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move BBBB22222222 to another run' });
    await user.click(within(dialog).getByRole('button', { name: /^Ben Driver/ }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]).toEqual({ runId: 'r2', codes: ['BBBB22222222'] });
    await waitFor(() => expect(codesIn(stopsOf('Ben Driver'))).toEqual(['BBBB22222222']));
    await waitFor(() => expect(codesIn(stopsOf('Ama Driver'))).toEqual(['AAAA11111111', 'CCCC33333333']));

    await user.click(screen.getByRole('button', { name: 'Remove AAAA11111111 from the run' }));
    await waitFor(() => expect(server.puts).toHaveLength(2));
    expect(server.puts[1]).toEqual({ runId: 'r1', codes: ['CCCC33333333'] });
  });

  it('offers a new run only to the drivers without one that day', async () => {
    fakeServer();
    openDispatch();
    const select = await screen.findByRole('combobox', { name: 'Driver for a new run' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a driver…', 'Cleo Driver']),
    );
  });

  it.each([
    ['admin', 'edits'],
    ['operator', 'reads'],
  ])('opens the delivery settings, which an %s %s', async (role) => {
    fakeServer({ role });
    const user = userEvent.setup();
    openDispatch();
    await screen.findByRole('list', { name: 'Packages not on a run' });
    await user.click(screen.getByRole('button', { name: 'Delivery settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery settings' });
    const editable = role === 'admin';
    await within(dialog).findByText('Failure reasons');
    await waitFor(() =>
      expect(within(dialog).queryByRole('form', { name: 'Edit delivery settings' }) !== null).toBe(editable),
    );
    expect(within(dialog).queryByText('Only an admin can change the delivery settings.') !== null).toBe(!editable);
  });
});
