// The operator console: a client-rendered app under ADMIN_PATH (the server sends its one HTML page,
// dist/console.html, for every console address; the public pages are the server's own HTML).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterContextProvider } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readConsoleBase } from '../lib/console-base.ts';
import { moveQueryTokenToFragment } from '../lib/link-token.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { consoleRoutes } from './router/console-routes.tsx';
import { queryClientContext } from './router/query-context.ts';

// Before anything else asks the server for something: an older link's token leaves the query.
moveQueryTokenToFragment();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const queryClient = createQueryClient();
const router = createBrowserRouter(consoleRoutes, {
  basename: readConsoleBase(),
  getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
});
createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
