// Build step 3 of 3 (after the client and SSR builds): writes the HTML of every public page into dist/,
// the client-only fallback page, and a .gz and .br beside every text file, which the server sends as is.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { PRERENDERED_PATHS, prerenderedFile } from '@waybill/domain';
import type * as EntryServer from '../src/app/entry-server.tsx';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const FALLBACK_FILE = '__spa-fallback.html';
// wasm: the scan page's barcode decoder, 1.1 MB, a third of that as brotli.
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A chunk's JS and CSS with everything it imports statically, minus what the entry already loads. */
function collectChunkFiles(
  manifest: Manifest,
  key: string,
  seen: Set<string>,
  files: { js: Set<string>; css: Set<string> },
) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) collectChunkFiles(manifest, imported, seen, files);
}

function findEntryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('Vite manifest has no entry chunk');
  return key;
}

/** Preload tags for the route's own chunks so they download in parallel with the entry. */
function buildRouteTags(manifest: Manifest, sources: string[]): string {
  const entryFiles = { js: new Set<string>(), css: new Set<string>() };
  collectChunkFiles(manifest, findEntryKey(manifest), new Set(), entryFiles);
  const routeFiles = { js: new Set<string>(), css: new Set<string>() };
  const seen = new Set<string>();
  for (const source of sources) collectChunkFiles(manifest, source, seen, routeFiles);
  const tags: string[] = [];
  for (const css of routeFiles.css) if (!entryFiles.css.has(css)) tags.push(`<link rel="stylesheet" href="/${css}">`);
  for (const js of routeFiles.js)
    if (!entryFiles.js.has(js)) tags.push(`<link rel="modulepreload" crossorigin href="/${js}">`);
  return tags.join('\n    ');
}

function fillTemplate(template: string, page: { title: string; description: string; head: string; body: string }) {
  const html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}">`,
    )
    .replace('</head>', page.head ? `  ${page.head}\n  </head>` : '</head>')
    .replace('<div id="root"></div>', `<div id="root">${page.body}</div>`);
  // Each opening script tag must load a file. (A tag is read up to the next < or >: linear time.)
  if (html.match(/<script\b[^<>]*>/g)?.some((tag) => !/\bsrc=/.test(tag)))
    throw new Error('A page would carry an inline script, which the CSP blocks');
  return html;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** gzip -9 and brotli q11 copies; skipped when compression does not pay. */
async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < 256) return;
  const [gz, br] = await Promise.all([
    promisify(gzip)(content, { level: 9 }),
    promisify(brotliCompress)(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  ]);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
}

async function main() {
  const manifest = JSON.parse(await readFile(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = await readFile(path.join(dist, 'index.html'), 'utf8');
  const entryServer = path.join(webRoot, 'dist-ssr/entry-server.js');
  const { renderPage } = (await import(pathToFileURL(entryServer).href)) as typeof EntryServer;

  // Client-only pages (/track/<code>, the console, not found) start from an empty root.
  const fallback = fillTemplate(template, {
    title: 'Waybill',
    description: 'Courier and parcel delivery with live tracking.',
    head: '',
    body: '',
  });
  await writeFile(path.join(dist, FALLBACK_FILE), fallback);

  for (const pathname of PRERENDERED_PATHS) {
    const page = await renderPage(pathname);
    const html = fillTemplate(template, {
      title: page.meta.title,
      description: page.meta.description,
      head: buildRouteTags(manifest, page.routeModules),
      body: page.html,
    });
    const file = path.join(dist, prerenderedFile(pathname));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
    console.log(`prerendered ${pathname.padEnd(18)} ${(html.length / 1024).toFixed(1)} kB  ${page.meta.title}`);
  }

  const files = (await listFiles(dist)).filter(
    (file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`),
  );
  await Promise.all(files.map(compressFile));
  const gzipped = await Promise.all(
    files.map(async (file) => ((await stat(`${file}.gz`).catch(() => undefined)) ? 1 : 0)),
  );
  console.log(`compressed ${gzipped.reduce<number>((sum, one) => sum + one, 0)} files (.gz and .br)`);
}

await main();
