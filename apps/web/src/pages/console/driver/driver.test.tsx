import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import type { OperatorRole } from '@waybill/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Component as Layout } from '../layout/index.tsx';
import { Component as DriverPage } from './index.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The console at `path`, signed in with `role`. */
function openAs(role: OperatorRole, path: string) {
  const fetch = vi.fn(async (url: string) => {
    if (String(url) === '/api/auth/session') {
      return Response.json({ operator: { email: 'dee@courier.test', name: 'Dee', role }, expired: false });
    }
    if (String(url) === '/api/driver/run') return Response.json({ date: '2026-11-27', run: null });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetch);
  // A data router, as the console's: its screens read the route matches for the document's title.
  const router = createMemoryRouter(
    [
      { path: '/driver', element: <DriverPage /> },
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <p>Packages screen</p> },
          { path: '*', element: <p>Another screen</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return fetch;
}

describe('a driver in the console', () => {
  it.each(['/', '/team'])('is sent from %s to the driver app, which shows today’s run', async (path) => {
    openAs('driver', path);
    expect(await screen.findByRole('heading', { name: 'No run planned for you today' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Today's run" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByText('Packages screen')).toBeNull();
    expect(screen.queryByText('Another screen')).toBeNull();
  });

  it('opens the driver app for an admin, who may try it', async () => {
    openAs('admin', '/driver');
    expect(await screen.findByRole('heading', { name: 'No run planned for you today' })).toBeTruthy();
  });

  it('tells an operator who opens the address whose it is, and the way back to packages', async () => {
    openAs('operator', '/driver');
    expect(await screen.findByText(/This address is the drivers'/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to packages' })).toBeTruthy();
  });

  it('keeps an operator in the console', async () => {
    openAs('operator', '/');
    expect(await screen.findByText('Packages screen')).toBeTruthy();
  });
});
