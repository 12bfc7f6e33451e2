/**
 * The public pages written to HTML at build time. The web's prerender step renders each, the server
 * serves each from its file, and every other path gets the client-only fallback page. `/0` is the home
 * page under a second address (SPEC's navigation keeps it).
 */
export const PRERENDERED_PATHS = [
  '/',
  '/0',
  '/pricing',
  '/services',
  '/about',
  '/track',
  '/create',
  '/support',
  '/contact',
  '/request-account',
  '/thank-you',
] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** Where the build writes a prerendered page, relative to the web build's root: `index.html`, `pricing/index.html`. */
export function prerenderedFile(pathname: PrerenderedPath): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1)}/index.html`;
}
