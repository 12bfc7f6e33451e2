// Route modules: each page lives in its own folder (`src/pages/public/<route>/index.tsx`, console screens
// under `src/pages/console/`) and exports `Component` plus `handle = { title, description }` (a PageMeta:
// the <title> and meta description, set in the prerendered HTML and on every client navigation).
// Routes load their module with `lazy: () => import(...)`, so each page is its own chunk. No loaders:
// data comes from TanStack Query after hydration, so the HTML carries no inline hydration script.
// A new public route that should be prerendered also goes in PRERENDERED_PATHS (packages/domain), which
// the prerender script, the server, the browser tests and the benchmarks read.
import { matchRoutes, type RouteObject } from 'react-router';
import type { PageMeta } from '../../lib/page-meta.ts';
import { RootLayout } from './root-layout.tsx';

/** What a page folder's index.tsx exports. */
export interface RouteModule {
  Component: React.ComponentType;
  handle: PageMeta;
}

const pageLoaders = import.meta.glob<RouteModule>('../../pages/public/*/index.tsx');
/** Loader → the module's source path (its key in Vite's manifest), for the prerendered modulepreload links. */
const pageSources = new Map<unknown, string>();

/** The lazy loader of `src/pages/public/<name>/index.tsx`; a missing page fails the build, not a visitor. */
function page(name: string): () => Promise<RouteModule> {
  const loader = pageLoaders[`../../pages/public/${name}/index.tsx`];
  if (!loader) throw new Error(`No page module at src/pages/public/${name}/index.tsx`);
  pageSources.set(loader, `src/pages/public/${name}/index.tsx`);
  return loader;
}

const home = page('home');

export const publicRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      { index: true, lazy: home },
      { path: '0', lazy: home },
      { path: 'pricing', lazy: page('pricing') },
      { path: 'services', lazy: page('services') },
      { path: 'about', lazy: page('about') },
      { path: 'track', lazy: page('track') },
      { path: 'track/:code', lazy: page('track') },
      { path: 'create', lazy: page('create') },
      { path: 'support', lazy: page('support') },
      { path: 'contact', lazy: page('contact') },
      { path: 'request-account', lazy: page('request-account') },
      { path: 'thank-you', lazy: page('thank-you') },
      { path: '*', lazy: page('not-found') },
    ],
  },
];

/** Source paths of the page modules a public path renders (keys of Vite's manifest). */
export function findPageSources(pathname: string): string[] {
  const matches = matchRoutes(publicRoutes, pathname) ?? [];
  return matches.flatMap(({ route }) => pageSources.get(route.lazy) ?? []);
}
