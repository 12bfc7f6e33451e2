import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useSignInRedirectOn401 } from './use-sign-in-redirect-on-401.ts';

function Frame() {
  useSignInRedirectOn401();
  return <Outlet />;
}

function SignIn() {
  const location = useLocation();
  return <p>sign-in at {`${location.pathname}${location.search}`}</p>;
}

/** A screen whose list query fails with `status` once `failing` is on, and a button whose action fails. */
function Screen({ status }: { status: number }) {
  const list = useQuery({
    queryKey: ['screen-list'],
    queryFn: async (): Promise<string> => {
      throw new ApiError(status, 'Your session has expired. Please sign in again.');
    },
    retry: false,
  });
  const action = useMutation({
    mutationFn: async () => {
      throw new ApiError(status, 'Please sign in to continue.');
    },
  });
  return (
    <div>
      <p>{list.isError ? `list failed ${status}` : 'list loading'}</p>
      <button type="button" onClick={() => action.mutate()}>
        Act
      </button>
    </div>
  );
}

function renderConsole(status: number, { start = '/plan?tab=2', queryClient = new QueryClient() } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignIn /> },
      { path: '/', element: <Frame />, children: [{ path: 'plan', element: <Screen status={status} /> }] },
    ],
    { initialEntries: [start] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('useSignInRedirectOn401', () => {
  it('sends a failed query with 401 to sign-in with the way back and the expiry flag', async () => {
    renderConsole(401);
    expect(await screen.findByText('sign-in at /sign-in?next=%2Fplan%3Ftab%3D2&expired=1')).toBeTruthy();
  });

  it('leaves a 401 of a read no screen shows yet (started ahead) to the session check', async () => {
    const queryClient = new QueryClient();
    const router = renderConsole(200, { start: '/', queryClient });
    await queryClient.prefetchQuery({
      queryKey: ['ahead'],
      queryFn: async (): Promise<string> => {
        throw new ApiError(401, 'Please sign in to continue.');
      },
      retry: false,
    });
    expect(queryClient.getQueryState(['ahead'])?.status).toBe('error');
    expect(router.state.location.pathname).toBe('/');
  });

  it('does the same for a failed action', async () => {
    const router = renderConsole(403);
    await screen.findByText('list failed 403');
    expect(router.state.location.pathname).toBe('/plan');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Act' }));
    // A 403 is not about the session: the screen stays.
    expect(router.state.location.pathname).toBe('/plan');
  });
});
