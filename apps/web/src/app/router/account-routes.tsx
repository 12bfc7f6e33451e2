// The business customers' portal under /account. Screens live in `src/pages/account/<screen>/index.tsx`
// and export `Component` plus `handle = { title }`; `layout` is the signed-in frame (navigation, the
// session guard) around them. A new screen is a folder there, a line below and one in
// components/account-shell/account-nav-items.ts.
import { Center, Loader } from '@mantine/core';
import type { RouteObject } from 'react-router';

interface AccountModule {
  Component: React.ComponentType;
  handle?: { title: string };
}

const accountLoaders = import.meta.glob<AccountModule>('../../pages/account/*/index.tsx');

/** The lazy loader of `src/pages/account/<name>/index.tsx`; a missing screen fails the build. */
function screen(name: string): () => Promise<AccountModule> {
  const loader = accountLoaders[`../../pages/account/${name}/index.tsx`];
  if (!loader) throw new Error(`No portal screen at src/pages/account/${name}/index.tsx`);
  return loader;
}

/** What shows while the first screen's module loads. */
export function AccountLoading() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading your account" />
    </Center>
  );
}

export const accountRoutes: RouteObject[] = [
  { path: '/sign-in', lazy: screen('sign-in'), HydrateFallback: AccountLoading },
  // The page of an approval or invitation link: its visitor has no password yet.
  { path: '/set-password', lazy: screen('set-password'), HydrateFallback: AccountLoading },
  {
    path: '/',
    lazy: screen('layout'),
    HydrateFallback: AccountLoading,
    children: [
      { index: true, lazy: screen('shipments') },
      { path: 'shipments/:code', lazy: screen('shipment') },
      { path: 'ship', lazy: screen('ship') },
      { path: 'import', lazy: screen('import') },
      { path: 'api-keys', lazy: screen('api-keys') },
      { path: 'webhooks', lazy: screen('webhooks') },
      { path: 'team', lazy: screen('team') },
      { path: '*', lazy: screen('not-found') },
    ],
  },
];
