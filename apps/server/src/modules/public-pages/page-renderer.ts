import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRendererModule, PageRequest, RenderedPage } from '@waybill/domain';

/** Where the web build puts the server's page renderer and what it needs (apps/web/scripts/finish-build.ts). */
const RENDERER = path.join('.ssr', 'render-page.mjs');
const ASSETS = path.join('.ssr', 'assets.json');

export interface PageRenderer {
  render(request: PageRequest): RenderedPage;
}

/** Loads the web build's page renderer (React and Mantine bundled in it: nothing from the web's packages is needed). */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer> {
  const module = (await import(pathToFileURL(path.join(webRoot, RENDERER)).href)) as PageRendererModule;
  const assets = JSON.parse(await readFile(path.join(webRoot, ASSETS), 'utf8')) as unknown;
  return module.createPageRenderer(assets);
}
