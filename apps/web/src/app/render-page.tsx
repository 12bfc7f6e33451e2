// The server's renderer of the public pages, built as one self-contained module (dist/.ssr/render-page.mjs)
// that the server loads at start. A page is plain HTML with the company's current content; only its
// islands (src/islands) hydrate in the browser, each from its own small bundle, when a visitor uses
// them. Its CSS is inline: what the page and its islands can show, worked out at build time.

import { MantineProvider } from '@mantine/core';
import type { PageRendererModule, PageRequest, RenderedPage } from '@waybill/domain';
import escapeHtml from 'escape-html';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteShell } from '../components/shell/site-shell.tsx';
import { PageContextProvider } from '../lib/site-content.tsx';
import { cssVariablesResolver, theme } from '../lib/theme.ts';
import { findPublicPage } from './public-pages.ts';

/** What the build tells the renderer (dist/.ssr/assets.json, written by scripts/finish-build.ts). */
export interface PageAssets {
  /** The public pages' script (app/entry-public.ts), as served. */
  script: string;
  /** The files it imports, preloaded alongside it. */
  preload: string[];
  /** Each page's stylesheet by page name. */
  styles: Record<string, string>;
}

/** Text inside <style>: nothing in it may close the element. */
const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

function renderDocument(request: PageRequest, assets: PageAssets): RenderedPage {
  const { page, found } = findPublicPage(request.path);
  const { Component, handle } = page.module;
  const body = renderToStaticMarkup(
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <PageContextProvider
        value={{
          path: request.path,
          search: new URLSearchParams(request.search),
          content: request.content,
          tracking: request.tracking,
        }}
      >
        <SiteShell>
          <Component />
        </SiteShell>
      </PageContextProvider>
    </MantineProvider>,
  );
  const css = assets.styles[page.name];
  if (css === undefined) throw new Error(`The build has no stylesheet for the ${page.name} page`);
  const preloads = [assets.script, ...assets.preload]
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)
    .join('');
  const html =
    '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><meta charset="UTF-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">' +
    `<title>${escapeHtml(handle.title)}</title><meta name="description" content="${escapeHtml(handle.description)}">` +
    '<meta name="theme-color" content="#1864ab"><link rel="icon" type="image/svg+xml" href="/favicon.svg">' +
    // Applies a saved dark mode before the first paint (a file: the CSP allows no inline script).
    '<script src="/color-scheme.js"></script>' +
    `<style>${escapeStyle(css)}</style>${preloads}</head>` +
    `<body data-page="${page.name}">${body}<script type="module" crossorigin src="${escapeHtml(assets.script)}"></script></body></html>`;
  return { status: found ? 200 : 404, html };
}

/** @public Called by the server (apps/server/src/plugins/web-pages) from the built module. */
export const createPageRenderer: PageRendererModule['createPageRenderer'] = (assets) => {
  const checked = assets as PageAssets;
  return { render: (request) => renderDocument(request, checked) };
};
