// The driver app: a page of its own at ADMIN_PATH/driver (the server sends dist/driver.html there), so
// a phone on the road loads the theme, the data cache and the driver's screen only — not the console's
// router, its screens or its toasts. Its service worker keeps this page and its files for offline use.
import './driver.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../lib/query-client.ts';
import { DriverPage } from '../pages/driver/index.tsx';
import { ThemeProviders } from './theme-providers.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// A transition: React renders the first screen in slices of a few milliseconds, so a slow phone's main
// thread is never held for long (Lighthouse counts every task over 50 ms at a 4× slower CPU).
startTransition(() => {
  root.render(
    <StrictMode>
      <ThemeProviders queryClient={createQueryClient()}>
        <DriverPage />
      </ThemeProviders>
    </StrictMode>,
  );
});
