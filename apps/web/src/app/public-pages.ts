// The public pages by address: each lives in its own folder (`src/pages/public/<name>/index.tsx`) and
// exports `Component` and `handle = { title, description }` (a PageMeta: its <title> and meta
// description). A new page also goes in PRERENDERED_PATHS (packages/domain), which the server, the
// browser tests and the benchmarks read.
import type { PrerenderedPath } from '@waybill/domain';
import type { ComponentType } from 'react';
import type { PageMeta } from '../lib/page-meta.ts';
import * as about from '../pages/public/about/index.tsx';
import * as contact from '../pages/public/contact/index.tsx';
import * as create from '../pages/public/create/index.tsx';
import * as home from '../pages/public/home/index.tsx';
import * as notFound from '../pages/public/not-found/index.tsx';
import * as pricing from '../pages/public/pricing/index.tsx';
import * as requestAccount from '../pages/public/request-account/index.tsx';
import * as services from '../pages/public/services/index.tsx';
import * as support from '../pages/public/support/index.tsx';
import * as thankYou from '../pages/public/thank-you/index.tsx';
import * as track from '../pages/public/track/index.tsx';

export interface PageModule {
  Component: ComponentType;
  handle: PageMeta;
}

/** A page and its name (its folder), which names its stylesheet in the build. */
export interface PublicPage {
  name: string;
  module: PageModule;
}

const page = (name: string, module: PageModule): PublicPage => ({ name, module });
const HOME = page('home', home);

export const PUBLIC_PAGES: Record<PrerenderedPath, PublicPage> = {
  '/': HOME,
  '/0': HOME,
  '/pricing': page('pricing', pricing),
  '/services': page('services', services),
  '/about': page('about', about),
  '/track': page('track', track),
  '/create': page('create', create),
  '/support': page('support', support),
  '/contact': page('contact', contact),
  '/request-account': page('request-account', requestAccount),
  '/thank-you': page('thank-you', thankYou),
};

export const NOT_FOUND_PAGE = page('not-found', notFound);

/** The page a public path shows: its own, the tracking page for `/track/{code}`, else the not-found page. */
export function findPublicPage(path: string): { page: PublicPage; found: boolean } {
  const own = Object.hasOwn(PUBLIC_PAGES, path) ? PUBLIC_PAGES[path as PrerenderedPath] : undefined;
  if (own) return { page: own, found: true };
  if (/^\/track\/[^/]+$/.test(path)) return { page: PUBLIC_PAGES['/track'], found: true };
  return { page: NOT_FOUND_PAGE, found: false };
}
