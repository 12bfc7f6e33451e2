// The operator console: a client-only router mounted when the server marks the page with the console
// prefix (see lib/console-base.ts), which becomes the router's basename. Console screens live in
// `src/pages/console/<screen>/index.tsx` with the same module convention as the public routes.
import type { RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';

export const consoleRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [{ path: '*', lazy: () => import('../../pages/public/not-found/index.tsx') }],
  },
];
