import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { whenDeferredSectionsHydrated } from '../../components/deferred-section/deferred-section.tsx';
import { SiteShell } from '../../components/shell/site-shell.tsx';
import { useWhatsappLink } from '../../features/company-details/api/use-whatsapp-link.ts';
import { pickPageMeta } from '../../lib/page-meta.ts';

/** Keeps <title> and the meta description in step with the route after client navigations. */
function usePageMeta() {
  const matches = useMatches();
  const { title, description } = pickPageMeta(matches);
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** SPEC §2: every route change starts at the top of the page. */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new pathname is the trigger, not an input
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * Marks <html> once the app is interactive, so browser tests know hydration finished: after the page
 * and its deferred below-the-fold sections have hydrated.
 */
function useReadyMarker() {
  useEffect(() => {
    void whenDeferredSectionsHydrated().then(() => document.documentElement.setAttribute('data-waybill-ready', ''));
  }, []);
}

/** The element of the root route: the shared shell around the current page. */
export function RootLayout() {
  usePageMeta();
  useScrollToTopOnNavigate();
  useReadyMarker();
  const whatsappLink = useWhatsappLink();
  return (
    <SiteShell whatsappLink={whatsappLink}>
      <Outlet />
    </SiteShell>
  );
}
