// The build's last step, after the browser's builds (the console's and public pages', then the driver app's), the
// server's page renderer (dist/.ssr) and the driver app's service worker (dist/.sw):
// - dist/console.html: the console app's one page (Vite's index.html; the driver app's, driver.html, is
//   its own build's);
// - dist/driver-sw.js: the driver app's service worker, with the files it precaches;
// - dist/.ssr/assets.json: the public pages' script, what it preloads, and each page's stylesheet (the
//   rules its HTML and its islands can use, see page-styles.ts), which the renderer inlines;
// - every page rendered once with sample content, to fail the build rather than a visitor;
// - a .gz and .br beside every text file of dist/, which the server sends as they are.
import { copyFile, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { type PageRendererModule, type PageRequest, PRERENDERED_PATHS, type SiteContent } from '@waybill/domain';
import { writeDriverWorker } from './driver-worker.ts';
import { classesInHtml, minifyCss, selectRules, wordsInScript } from './page-styles.ts';
import type { Manifest } from './vite-manifest.ts';

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');
const ssr = path.join(dist, '.ssr');
const require = createRequire(import.meta.url);
// wasm: the scan page's barcode decoder, 1.1 MB, a third of that as brotli.
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;
const PUBLIC_ENTRY = 'src/app/entry-public.ts';
const ISLAND_SOURCE = /^src\/islands\/([a-z0-9-]+)\.tsx$/;
/** What every page with an island loads with its first one: React's side, and the toast container. */
const ISLAND_RUNTIME = 'src/islands/runtime/hydrate-island.tsx';

const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;

/** A chunk's file and every file it imports (`dynamic`: also those it loads later), each once. */
function chunkFiles(manifest: Manifest, key: string, dynamic: boolean, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])]) {
    chunkFiles(manifest, imported, dynamic, files);
  }
  return files;
}

/** Sample content in both shapes a page can take: nothing saved (notifications off), and everything saved. */
function sampleContents(): SiteContent[] {
  const company = {
    name: 'Waybill',
    email: 'support@waybill.example',
    phone: '+1 (555) 123-4567',
    address: '100 Harbor Way, Oakland',
    hours: 'Mon–Fri 8:00–18:00, Sat 9:00–14:00',
    whatsapp: 'https://wa.me/15551234567',
  };
  const year = new Date().getFullYear();
  return [
    { plan: null, details: null, company, year, notifyCustomers: false },
    {
      plan: {
        _id: '00000000-0000-4000-8000-000000000001',
        name1: 'Basic Shipping',
        name2: 'Express Shipping',
        name3: 'Same Day Rush',
        price1: 12.5,
        price2: 24,
        price3: 49.99,
        description1: 'Everyday parcels.',
        description2: 'Faster routes.',
        description3: 'Within hours.',
      },
      details: {
        _id: '00000000-0000-4000-8000-000000000002',
        phone: '+44 20 7946 0000',
        email: 'desk@waybill.example',
        whatsapp: 'https://wa.me/442079460000',
        address: ['1 Dock Road', 'London'],
      },
      company,
      year,
      notifyCustomers: true,
    },
  ];
}

/** Every request the pages are checked with: each page with both contents, and the tracking page's other shapes. */
function sampleRequests(): PageRequest[] {
  const requests: PageRequest[] = [];
  for (const content of sampleContents()) {
    for (const pagePath of PRERENDERED_PATHS) requests.push({ path: pagePath, search: '', content });
    requests.push({ path: '/no-such-page', search: '', content });
    requests.push({ path: '/track', search: 'codes=A1,B2', content });
    requests.push({
      path: '/track/NOSUCHCODE22',
      search: '',
      content,
      tracking: { code: 'NOSUCHCODE22', result: null, error: 'Package not found.' },
    });
  }
  return requests;
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

/** The stylesheets every page chooses from: Mantine's (in its cascade layer), then the app's CSS modules. */
async function readSourceStyles(): Promise<string> {
  const mantine = await Promise.all(
    [
      '@mantine/core/styles.layer.css',
      '@mantine/notifications/styles.layer.css',
      '@mantine/dropzone/styles.layer.css',
    ].map((name) => readFile(require.resolve(name), 'utf8')),
  );
  // The server build's emitted CSS: the app's CSS modules that the pages and islands import.
  const ownFiles = (await listFiles(path.join(ssr, 'assets'))).filter((file) => file.endsWith('.css'));
  const own = await Promise.all(ownFiles.map((file) => readFile(file, 'utf8')));
  return [...mantine, ...own].join('\n');
}

async function main() {
  const manifest = await readJson<Manifest>(path.join(dist, '.vite/manifest.json'));
  await rename(path.join(dist, 'index.html'), path.join(dist, 'console.html'));
  console.log(`driver-sw.js: ${await writeDriverWorker(dist)} files to precache`);

  // Images the pages import: the browser's build only emits those its scripts import.
  for (const file of await listFiles(path.join(ssr, 'assets'))) {
    if (/\.(css|m?js)$/.test(file)) continue;
    const target = path.join(dist, 'assets', path.basename(file));
    if (!(await stat(target).catch(() => undefined))) await copyFile(file, target);
  }

  const entry = manifest[PUBLIC_ENTRY];
  if (!entry) throw new Error(`${PUBLIC_ENTRY} is not in Vite's manifest`);
  const preload = [...chunkFiles(manifest, PUBLIC_ENTRY, false)].filter((file) => file !== entry.file);

  // What each island's scripts can set: the words of its chunk, of every chunk it loads, and of the
  // islands' runtime (the toasts).
  const wordsOf = async (key: string) => {
    const words = new Set<string>();
    for (const file of chunkFiles(manifest, key, true)) {
      for (const word of wordsInScript(await readFile(path.join(dist, file), 'utf8'))) words.add(word);
    }
    return words;
  };
  const runtimeWords = await wordsOf(ISLAND_RUNTIME);
  const islandWords = new Map<string, Set<string>>();
  for (const key of Object.keys(manifest)) {
    const name = ISLAND_SOURCE.exec(key)?.[1];
    if (name) islandWords.set(name, new Set([...runtimeWords, ...(await wordsOf(key))]));
  }

  const rendererFile = path.join(ssr, 'render-page.mjs');
  const { createPageRenderer } = (await import(pathToFileURL(rendererFile).href)) as PageRendererModule;
  const requests = sampleRequests();

  // Each page's HTML in every sample shape, with no stylesheet yet.
  const unstyled = createPageRenderer({
    script: `/${entry.file}`,
    preload: preload.map((file) => `/${file}`),
    styles: new Proxy({}, { get: () => '' }),
  });
  const classesByPage = new Map<string, Set<string>>();
  for (const request of requests) {
    const { html } = unstyled.render(request);
    const name = pageNameOf(html);
    const classes = classesByPage.get(name) ?? new Set<string>();
    for (const found of classesInHtml(html)) classes.add(found);
    for (const match of html.matchAll(/\bdata-island="([a-z0-9-]+)"/g)) {
      const words = islandWords.get(match[1] ?? '');
      if (!words) throw new Error(`The ${match[1]} island is not in the browser's build`);
      for (const word of words) classes.add(word);
    }
    classesByPage.set(name, classes);
  }

  const source = await readSourceStyles();
  const styles: Record<string, string> = {};
  for (const [name, classes] of classesByPage) styles[name] = minifyCss(selectRules(source, classes));
  const assets = { script: `/${entry.file}`, preload: preload.map((file) => `/${file}`), styles };
  await writeFile(path.join(ssr, 'assets.json'), JSON.stringify(assets));

  const renderer = createPageRenderer(assets);
  for (const request of requests.slice(0, PRERENDERED_PATHS.length + 3)) {
    const { html, status } = renderer.render(request);
    // Each opening script tag must load a file. (A tag is read up to the next < or >: linear time.)
    if (html.match(/<script\b[^<>]*>/g)?.some((tag) => !/\bsrc=/.test(tag)))
      throw new Error(`${request.path} would carry an inline script, which the CSP blocks`);
    const css = styles[pageNameOf(html)] ?? '';
    console.log(
      `page ${`${request.path}${request.search ? `?${request.search}` : ''}`.padEnd(22)} ${status}  ` +
        `${(html.length / 1024).toFixed(1)} kB HTML, ${(css.length / 1024).toFixed(1)} kB CSS`,
    );
  }

  const files = (await listFiles(dist)).filter(
    (file) =>
      COMPRESSIBLE.test(file) &&
      !file.includes(`${path.sep}.vite${path.sep}`) &&
      !file.startsWith(ssr) &&
      !file.startsWith(path.join(dist, '.sw')),
  );
  await Promise.all(files.map(compressFile));
  console.log(`compressed ${files.length} files (.gz and .br)`);
}

/** The page a rendered document is (its renderer marks <body> with it). */
function pageNameOf(html: string): string {
  const name = /<body data-page="([a-z0-9-]+)"/.exec(html)?.[1];
  if (!name) throw new Error('A rendered page does not name itself on <body>');
  return name;
}

await main();
