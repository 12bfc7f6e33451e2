import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole } from '@waybill/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { OpenDriverApp } from '../../app/router/console-routes.tsx';
import { ThemeProviders } from '../../app/theme-providers.tsx';
import { openOutbox } from '../../features/driver/outbox/outbox-db.ts';
import { recordAction } from '../../features/driver/outbox/record-action.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { Component as Layout } from '../console/layout/index.tsx';
import { DriverPage } from './index.tsx';

const BASE = '/ops';
const SESSION = { email: 'dee@courier.test', name: 'Dee' };
const RUN = {
  date: '2026-11-27',
  run: {
    id: 'run-1',
    driverId: 'driver-1',
    driverName: 'Dee',
    date: '2026-11-27',
    stops: [
      {
        trackingCode: 'ROAD00000001',
        status: 'Out for Delivery',
        destination: '1 Ring Road, Accra',
        receiverName: 'Ama Mensah',
        receiverPhone: '+233 20 000 0001',
        position: 1,
        attempt: null,
        instructions: 'Gate code 4412.\nRing twice.',
        safePlaceWords: 'Leave at the back door',
      },
    ],
    createdAt: '2026-11-27T06:00:00.000Z',
    updatedAt: '2026-11-27T06:00:00.000Z',
  },
};
const SETTINGS = {
  depotLocation: 'Accra hub',
  maxAttempts: 3,
  failureReasons: ['Nobody at home'],
  workingDays: [1, 2, 3, 4, 5],
  holidays: [],
};

/** The server's answers: the session of `role` (none when null, or expired), today's run, the reasons. */
function answer(role: OperatorRole | null, { expired = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      if (path === '/api/auth/session') {
        return Response.json({ operator: role ? { ...SESSION, role } : null, expired });
      }
      if (path === '/api/driver/run') return Response.json(RUN);
      if (path === '/api/driver/settings') return Response.json(SETTINGS);
      if (path === '/api/auth/logout') return Response.json({ message: 'Signed out.' });
      // The road: what waits on the phone cannot be sent.
      if (path.startsWith('/api/driver/events')) throw new TypeError('Failed to fetch');
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}

/** This page at `path` under the console prefix; the addresses it loads instead are recorded. */
function at(path: string) {
  const replace = vi.fn();
  const url = new URL(`${BASE}${path}`, window.location.origin);
  vi.stubGlobal('location', { ...window.location, pathname: url.pathname, search: url.search, replace });
  return () => replace.mock.calls.map(([address]) => String(address));
}

beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'waybill-console-base';
  meta.content = BASE;
  document.head.append(meta);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await (await openOutbox()).clear('actions');
  for (const added of document.head.querySelectorAll('meta[name="waybill-console-base"], link[rel="manifest"]')) {
    added.remove();
  }
  document.documentElement.removeAttribute('data-waybill-ready');
});

function openDriverPage() {
  render(
    <ThemeProviders queryClient={createQueryClient()}>
      <DriverPage />
    </ThemeProviders>,
  );
}

describe('the driver app’s own page', () => {
  it.each(['driver', 'admin'] as const)(
    'opens today’s run for a signed-in %s, with no console router',
    async (role) => {
      answer(role);
      at('/driver');
      openDriverPage();
      expect(await screen.findByRole('heading', { level: 1, name: "Today's run" })).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 2, name: 'Ama Mensah' })).toBeTruthy();
      // What the recipient chose on the tracking page, on the stop.
      expect(screen.getByText('At the door')).toBeTruthy();
      expect(screen.getByText('Leave at the back door')).toBeTruthy();
      expect(screen.getByText(/^Gate code 4412\./).textContent).toBe('Gate code 4412.\nRing twice.');
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
      expect(document.documentElement.hasAttribute('data-waybill-ready')).toBe(true);
      expect(document.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
        `${BASE}/driver.webmanifest`,
      );
    },
  );

  it('reads the run once at its start when nothing waits on the phone', async () => {
    answer('driver');
    at('/driver');
    openDriverPage();
    await screen.findByRole('heading', { level: 2, name: 'Ama Mensah' });
    await screen.findByText('All sent');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url === '/api/driver/run')).toHaveLength(1);
    expect(asked.some((url) => url.startsWith('/api/driver/events'))).toBe(false);
  });

  it('loads a dialog when it first opens, and keeps it to open again', async () => {
    answer('driver');
    at('/driver');
    openDriverPage();
    await screen.findByRole('heading', { level: 2, name: 'Ama Mensah' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Could not deliver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Could not deliver' });
    expect(within(dialog).getByRole('radio', { name: 'Nobody at home' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close could not deliver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Could not deliver' }));
    expect(await screen.findByRole('dialog', { name: 'Could not deliver' })).toBeTruthy();
  });

  it('asks before signing out while actions wait on the phone, then loads the sign-in page', async () => {
    answer('driver');
    const loaded = at('/driver');
    await recordAction(SESSION.email, { type: 'loaded', trackingCode: 'ROAD00000001' });
    openDriverPage();
    await screen.findByText('1 waiting to send');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(dialog.textContent).toContain('1 action has not reached the server yet');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(loaded()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out?' })).getByRole('button', { name: 'Sign out' }),
    );
    expect(await waitForLoads(loaded)).toEqual([`${BASE}/sign-in`]);
  });

  it('tells an operator whose address it is, with the way back to the console', async () => {
    answer('operator');
    at('/driver');
    openDriverPage();
    expect(await screen.findByText(/This address is the drivers'/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to packages' }).getAttribute('href')).toBe(`${BASE}/`);
  });

  it('loads the console’s sign-in page without a session, to come back here after', async () => {
    answer(null);
    const loaded = at('/driver?stop=2');
    openDriverPage();
    expect(await waitForLoads(loaded)).toEqual([`${BASE}/sign-in?next=%2Fdriver%3Fstop%3D2`]);
    expect(screen.getByLabelText('Checking your session')).toBeTruthy();
  });

  it('says on the sign-in page when the session expired', async () => {
    answer(null, { expired: true });
    const loaded = at('/driver');
    openDriverPage();
    expect(await waitForLoads(loaded)).toEqual([`${BASE}/sign-in?next=%2Fdriver&expired=1`]);
  });
});

describe('the driver app’s address in the console', () => {
  /** The console's router, its page loaded at `loadedAt`, gone on to `path` (when another). */
  function openConsole(role: OperatorRole, path: string, loadedAt = path) {
    answer(role);
    const loaded = at(loadedAt);
    const router = createMemoryRouter(
      [
        { path: '/driver', element: <OpenDriverApp /> },
        {
          path: '/',
          element: <Layout />,
          children: [
            { index: true, element: <p>Packages screen</p> },
            { path: '*', element: <p>Another screen</p> },
          ],
        },
      ],
      { initialEntries: path === loadedAt ? [path] : [loadedAt, path], initialIndex: path === loadedAt ? 0 : 1 },
    );
    render(
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>,
    );
    return loaded;
  }

  it.each(['/', '/team'])('loads the driver app’s page for a driver at %s, outside the console', async (path) => {
    const loaded = openConsole('driver', path);
    await waitFor(() => expect(loaded()).toEqual([`${BASE}/driver`]));
    expect(screen.queryByText('Packages screen')).toBeNull();
    expect(screen.queryByText('Another screen')).toBeNull();
  });

  it('keeps the query it was sent with', async () => {
    expect(await waitForLoads(openConsole('admin', '/driver?stop=2', '/sign-in'))).toEqual([`${BASE}/driver?stop=2`]);
  });

  it('never loads the address the console’s page was loaded at (the server sent the console there)', async () => {
    const loaded = openConsole('driver', '/driver');
    expect(await screen.findByLabelText('Loading the console')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded()).toEqual([]);
  });

  it('keeps an operator in the console', async () => {
    const loaded = openConsole('operator', '/');
    expect(await screen.findByText('Packages screen')).toBeTruthy();
    expect(loaded()).toEqual([]);
  });
});

async function waitForLoads(loaded: () => string[]): Promise<string[]> {
  await waitFor(() => expect(loaded().length).toBeGreaterThan(0));
  return loaded();
}
