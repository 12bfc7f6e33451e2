// The operator console: a client-only router mounted when the server marks the page with the console
// prefix (see lib/console-base.ts), which becomes the router's basename. Every console module is lazy,
// so none of it reaches the public pages' bundles. Screens live in `src/pages/console/<screen>/index.tsx`
// and export `Component` plus `handle = { title }`; `layout` is the signed-in frame (navigation and the
// session guard) around the screens.
import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { type RouteObject, useLocation } from 'react-router';
import { openConsolePage } from '../../lib/console-base.ts';

interface ConsoleModule {
  Component: React.ComponentType;
  handle?: { title: string; description?: string };
}

const consoleLoaders = import.meta.glob<ConsoleModule>('../../pages/console/*/index.tsx');

/** The lazy loader of `src/pages/console/<name>/index.tsx`; a missing screen fails the build. */
function screen(name: string): () => Promise<ConsoleModule> {
  const loader = consoleLoaders[`../../pages/console/${name}/index.tsx`];
  if (!loader) throw new Error(`No console screen at src/pages/console/${name}/index.tsx`);
  return loader;
}

/** What shows while the first screen's module loads (the router warns when a lazy route has none). */
export function ConsoleLoading() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading the console" />
    </Center>
  );
}

/**
 * The driver app's address inside the console (where a driver is sent, or signs in to): the app is a
 * page of its own (app/entry-driver.tsx), so it is loaded, not routed to. The address the console's
 * page was loaded at (the router's first location, key "default") is never loaded again: there the
 * server sent the console's page, and loading it would only bring the console back, again and again.
 */
export function OpenDriverApp() {
  const { search, key } = useLocation();
  useEffect(() => {
    if (key !== 'default') openConsolePage(`/driver${search}`);
  }, [key, search]);
  return <ConsoleLoading />;
}

export const consoleRoutes: RouteObject[] = [
  { path: '/sign-in', lazy: screen('sign-in'), HydrateFallback: ConsoleLoading },
  // An invitation or reset link's page: its visitor has no session (and no password) yet.
  { path: '/accept-invite', lazy: screen('accept-invite'), HydrateFallback: ConsoleLoading },
  // The driver app's address: a driver signed in to the console is sent there, outside its frame.
  { path: '/driver', Component: OpenDriverApp },
  {
    path: '/',
    lazy: screen('layout'),
    HydrateFallback: ConsoleLoading,
    children: [
      { index: true, lazy: screen('dashboard') },
      { path: 'plan', lazy: screen('plan') },
      { path: 'contact', lazy: screen('contact') },
      { path: 'messages', lazy: screen('messages') },
      { path: 'inbox', lazy: screen('inbox') },
      { path: 'scan', lazy: screen('scan') },
      { path: 'dispatch', lazy: screen('dispatch') },
      { path: 'team', lazy: screen('team') },
      { path: 'activity', lazy: screen('activity') },
      { path: 'password', lazy: screen('password') },
      { path: 'feedback', lazy: screen('feedback') },
      { path: '*', lazy: screen('not-found') },
    ],
  },
];
