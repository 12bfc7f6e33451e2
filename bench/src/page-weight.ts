// Page weight: the JavaScript and CSS (gzip) each public page downloads on first load. Renders each
// page with the web build's own renderer (apps/web/dist/.ssr, as the server does, with nothing saved:
// the default content) and reads what its HTML references (the entry script, modulepreload and
// stylesheet links), following static imports through Vite's manifest; files loaded later by dynamic
// import (an island's, when a visitor uses it) are not counted. The inline <style> is counted as CSS.
// Then the driver app's page (dist/driver.html, its own build's manifest), against its own goal: a
// printed figure, never a failure (the browser suite's driver-app-weight test is the one that fails).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type PageRendererModule, PRERENDERED_PATHS } from '@waybill/domain';
import { DRIVER_APP_JS_BUDGET_KB, driverAppFirstLoad, firstLoadFiles, type Manifest } from '@waybill/testing';
import { WEB_DIST } from './lib/paths.ts';
import { printTable, type Row, round } from './lib/table.ts';

/** The goal for every public page's first-load JavaScript (gzip), the home page included. */
export const PAGE_JS_BUDGET_KB = 60;

const sizes = new Map<string, { gzip: number; brotli: number }>();

/** gzip -9 and brotli q11 sizes: the server sends the pre-compressed copies the build writes. */
async function compressedSize(file: string): Promise<{ gzip: number; brotli: number }> {
  let size = sizes.get(file);
  if (size === undefined) {
    const content = await readFile(path.join(WEB_DIST, file));
    size = { gzip: gzipSync(content, { level: 9 }).length, brotli: brotliCompressSync(content).length };
    sizes.set(file, size);
  }
  return size;
}

/** Each public page's HTML as the server sends it on a fresh install (no plan or contact details saved). */
async function renderPages(): Promise<{ route: string; html: string }[]> {
  const ssr = path.join(WEB_DIST, '.ssr');
  const module = (await import(pathToFileURL(path.join(ssr, 'render-page.mjs')).href)) as PageRendererModule;
  const renderer = module.createPageRenderer(JSON.parse(await readFile(path.join(ssr, 'assets.json'), 'utf8')));
  const company = {
    name: 'Waybill',
    email: 'support@waybill.example',
    phone: '+1 (555) 123-4567',
    address: '100 Harbor Way, Suite 400, Oakland, CA 94607',
    hours: 'Mon–Fri 8:00–18:00, Sat 9:00–14:00',
    whatsapp: 'https://wa.me/15551234567',
  };
  const content = { plan: null, details: null, company, year: new Date().getFullYear(), notifyCustomers: true };
  return PRERENDERED_PATHS.map((route) => ({
    route,
    html: renderer.render({ path: route, search: '', content }).html,
  }));
}

/** The text of the page's inline stylesheets (CSS may hold a "<", as in `(width<=36em)`: read up to each closing tag). */
function inlineStyles(html: string): string {
  let css = '';
  for (let start = html.indexOf('<style'); start !== -1; start = html.indexOf('<style', start + 1)) {
    const open = html.indexOf('>', start);
    const close = html.indexOf('</style>', open);
    if (open === -1 || close === -1) break;
    css += html.slice(open + 1, close);
  }
  return css;
}

export async function runPageWeightBench(): Promise<Row[]> {
  const manifestFile = path.join(WEB_DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile) || !existsSync(path.join(WEB_DIST, '.ssr/render-page.mjs'))) {
    console.log('\nPage weight: skipped, no build (run `npm run build` first)');
    return [];
  }
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const rows: Row[] = [];
  for (const page of await renderPages()) {
    const { html } = page;
    const load = firstLoadFiles(html, manifest);
    const js = new Set(load.scripts);
    const css = new Set(load.stylesheets);
    const inline = inlineStyles(html);
    const sum = async (files: Set<string>, kind: 'gzip' | 'brotli') =>
      (await Promise.all([...files].map(compressedSize))).reduce((total, size) => total + size[kind], 0);
    const jsKb = (await sum(js, 'gzip')) / 1024;
    rows.push({
      route: page.route,
      'JS files': js.size,
      'JS KB gz': round(jsKb),
      'JS KB br': round((await sum(js, 'brotli')) / 1024),
      'CSS KB gz': round(((await sum(css, 'gzip')) + gzipSync(inline, { level: 9 }).length) / 1024),
      'CSS inline': inline.length > 0 ? 'yes' : 'no',
      'HTML KB gz': round(gzipSync(html, { level: 9 }).length / 1024),
      'JS goal': `≤ ${PAGE_JS_BUDGET_KB} KB ${jsKb <= PAGE_JS_BUDGET_KB ? 'met' : 'not met'}`,
    });
  }
  printTable('Page weight: first load of each public page (gzip -9; static imports followed)', rows);
  await printIslandWeights(manifest);
  const driver = await driverAppWeight();
  return driver ? [...rows, driver] : rows;
}

/**
 * The driver app's first load: its page, the script and stylesheet it names and their static imports
 * (its dialogs load when opened, precached by its service worker: not counted). Skipped for a build
 * from before the app had a page of its own.
 */
async function driverAppWeight(): Promise<Row | undefined> {
  if (!existsSync(path.join(WEB_DIST, 'driver.html'))) {
    console.log('\nDriver app: skipped, the build has no driver.html');
    return undefined;
  }
  const load = await driverAppFirstLoad(WEB_DIST);
  const jsKb = load.scriptGzip / 1024;
  const row: Row = {
    route: 'ADMIN_PATH/driver',
    'JS files': load.scripts.length,
    'JS KB gz': round(jsKb),
    'JS KB br': round(load.scriptBrotli / 1024),
    'CSS KB gz': round(load.styleGzip / 1024),
    'CSS inline': 'no',
    'HTML KB gz': round(gzipSync(load.html, { level: 9 }).length / 1024),
    'JS goal': `≤ ${DRIVER_APP_JS_BUDGET_KB} KB ${jsKb <= DRIVER_APP_JS_BUDGET_KB ? 'met' : 'not met'}`,
  };
  printTable('Driver app: first load of its page (gzip -9; static imports followed, dialogs not)', [row]);
  return row;
}

/** A chunk's file and the files it imports statically, each once. */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

/**
 * What waking each island downloads (not part of any first load): its chunks and the islands' runtime
 * (React DOM, Mantine's provider, the toasts), minus the page's own script.
 */
async function printIslandWeights(manifest: Manifest): Promise<void> {
  const runtime = staticClosure(manifest, 'src/islands/runtime/hydrate-island.tsx');
  const firstLoad = staticClosure(manifest, 'src/app/entry-public.ts');
  const gzipKb = async (files: Iterable<string>) =>
    round(
      (await Promise.all([...files].filter((file) => !firstLoad.has(file)).map(compressedSize))).reduce(
        (total, size) => total + size.gzip,
        0,
      ) / 1024,
    );
  const rows: Row[] = [];
  for (const key of Object.keys(manifest)
    .filter((name) => /^src\/islands\/[a-z0-9-]+\.tsx$/.test(name))
    .sort()) {
    const own = staticClosure(manifest, key);
    rows.push({
      island: key.slice('src/islands/'.length, -'.tsx'.length),
      'own KB gz': await gzipKb([...own].filter((file) => !runtime.has(file))),
      'with runtime KB gz': await gzipKb(new Set([...own, ...runtime])),
    });
  }
  rows.push({ island: '(runtime alone)', 'own KB gz': await gzipKb(runtime), 'with runtime KB gz': '' });
  printTable('Islands: what waking one downloads (gzip -9), once per page; never part of the first load', rows);
}
