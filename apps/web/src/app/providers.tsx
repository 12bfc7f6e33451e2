import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ThemeProviders, type ThemeProvidersProps } from './theme-providers.tsx';

// The toast container (and its transitions) is not needed to paint a page: it loads after hydration.
// A toast raised before it arrives waits in the notifications store and shows when it mounts.
const ToastContainer = lazy(() =>
  import('../components/toasts/toast-container.tsx').then((module) => ({ default: module.ToastContainer })),
);

/** Mounts the toast container once the page is interactive (never in the prerendered HTML). */
function DeferredNotifications() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

/** Theme, colour mode, data cache and toasts around the router, identical on the server and in the browser. */
export function Providers({ queryClient, children }: ThemeProvidersProps) {
  return (
    <ThemeProviders queryClient={queryClient}>
      <DeferredNotifications />
      {children}
    </ThemeProviders>
  );
}
