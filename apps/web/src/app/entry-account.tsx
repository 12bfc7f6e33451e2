// The business customers' portal: a client-rendered app at /account (the server sends its one HTML
// page, dist/account.html, for /account and every address under it).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ACCOUNT_BASE } from '../components/account-shell/account-nav-items.ts';
import { moveQueryTokenToFragment } from '../lib/link-token.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { accountRoutes } from './router/account-routes.tsx';

// Before anything else asks the server for something: a link's token never stays in the query.
moveQueryTokenToFragment();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const queryClient = createQueryClient();
const router = createBrowserRouter(accountRoutes, { basename: ACCOUNT_BASE });
createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
