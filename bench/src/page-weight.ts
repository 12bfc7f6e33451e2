// Page weight: the JavaScript and CSS (gzip) each prerendered public page downloads on first load.
// Reads each page's HTML in apps/web/dist (its entry script, modulepreload and stylesheet links) and
// follows static imports through Vite's manifest; files loaded later by dynamic import are not counted.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PRERENDERED_PATHS, prerenderedFile } from '@waybill/domain';
import { WEB_DIST } from './lib/paths.ts';
import { printTable, type Row, round } from './lib/table.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

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

/** Pages written by the prerender step: dist/index.html and dist/<route>/index.html. */
function listPages(): { route: string; file: string }[] {
  return PRERENDERED_PATHS.map((route) => ({ route, file: prerenderedFile(route) }));
}

/** Files referenced by the HTML, expanded with their static imports and CSS from the manifest. */
function collectFirstLoad(html: string, byFile: Map<string, ManifestChunk>, manifest: Record<string, ManifestChunk>) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const key of chunk.imports ?? []) visit(manifest[key]!);
  };
  for (const [, href] of html.matchAll(/<(?:script[^<>]*\bsrc|link[^<>]*\bhref)="\/([^"<>]+\.(?:js|css))"/g)) {
    if (href!.endsWith('.css')) css.add(href!);
    else {
      const chunk = byFile.get(href!);
      if (chunk) visit(chunk);
      else js.add(href!);
    }
  }
  return { js, css };
}

export async function runPageWeightBench(): Promise<Row[]> {
  const manifestFile = path.join(WEB_DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile)) {
    console.log('\nPage weight: skipped, no build (run `npm run build` first)');
    return [];
  }
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const rows: Row[] = [];
  for (const page of listPages()) {
    const html = await readFile(path.join(WEB_DIST, page.file), 'utf8');
    const { js, css } = collectFirstLoad(html, byFile, manifest);
    const sum = async (files: Set<string>, kind: 'gzip' | 'brotli') =>
      (await Promise.all([...files].map(compressedSize))).reduce((total, size) => total + size[kind], 0);
    const jsKb = (await sum(js, 'gzip')) / 1024;
    rows.push({
      route: page.route,
      'JS files': js.size,
      'JS KB gz': round(jsKb),
      'JS KB br': round((await sum(js, 'brotli')) / 1024),
      'CSS KB gz': round((await sum(css, 'gzip')) / 1024),
      'HTML KB gz': round(gzipSync(html, { level: 9 }).length / 1024),
      'JS goal': `≤ ${PAGE_JS_BUDGET_KB} KB ${jsKb <= PAGE_JS_BUDGET_KB ? 'met' : 'not met'}`,
    });
  }
  printTable('Page weight: first load of each prerendered page (gzip -9; static imports followed)', rows);
  return rows;
}
