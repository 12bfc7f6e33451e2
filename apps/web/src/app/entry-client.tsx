import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { readConsoleBase } from '../lib/console-base.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { consoleRoutes } from './router/console-routes.tsx';
import { publicRoutes } from './router/routes.tsx';

/**
 * Loads the lazy modules of the routes matching the current URL and folds them into their route objects,
 * so the router starts initialised and the first render equals the prerendered HTML (no hydration data,
 * no inline script).
 */
async function resolveLazyMatches(routes: RouteObject[], basename?: string): Promise<void> {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module);
      delete route.lazy;
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const consoleBase = readConsoleBase();
  const routes = consoleBase ? consoleRoutes : publicRoutes;
  await resolveLazyMatches(routes, consoleBase);
  const router = createBrowserRouter(routes, { basename: consoleBase });
  const app = (
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
