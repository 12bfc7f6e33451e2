import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { preloadDeferredSections } from '../components/deferred-section/deferred-section.tsx';
import { DEFAULT_PAGE_META, type PageMeta, pickPageMeta } from '../lib/page-meta.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { findPageSources, publicRoutes } from './router/routes.tsx';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  meta: PageMeta;
  /** Source files of the route modules on this page (keys of Vite's manifest), for modulepreload links. */
  routeModules: string[];
}

const ORIGIN = 'http://waybill.prerender';

/**
 * Renders one public path to HTML at build time; queries stay pending, so data blocks show their placeholders.
 * @public Called by scripts/prerender.ts from the SSR build (dist-ssr), which static analysis does not follow.
 */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  const routeModules = findPageSources(pathname);
  const handler = createStaticHandler(publicRoutes);
  const context = await handler.query(new Request(new URL(pathname, ORIGIN)));
  if (context instanceof Response) throw new Error(`${pathname} answered with a redirect or response`);
  // Sections deferred in the browser are rendered in full here, so the HTML holds the whole page.
  await preloadDeferredSections();
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <Providers queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
  );
  const meta =
    context.matches.length > 0 ? pickPageMeta(context.matches.map((match) => match.route)) : DEFAULT_PAGE_META;
  return { html, meta, routeModules };
}
