import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverAppFirstLoad, firstLoadFiles, type Manifest } from './first-load.ts';

// A page's script imports a shared chunk (which imports another) and loads a dialog later; the page
// also names a root script of its own and a stylesheet, and the entry brings its CSS.
const MANIFEST: Manifest = {
  'driver.html': {
    file: 'assets/driver-a1.js',
    css: ['assets/driver-a1.css'],
    imports: ['_shared-b2.js'],
    dynamicImports: ['src/dialog.tsx'],
  },
  '_shared-b2.js': { file: 'assets/shared-b2.js', imports: ['_react-c3.js'] },
  '_react-c3.js': { file: 'assets/react-c3.js' },
  'src/dialog.tsx': { file: 'assets/dialog-d4.js', imports: ['_shared-b2.js'] },
};
const PAGE = `<!doctype html><html><head>
<script src="/color-scheme.js"></script>
<script type="module" crossorigin src="/assets/driver-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-b2.js">
<link rel="stylesheet" crossorigin href="/assets/driver-a1.css">
<link rel="icon" href="/favicon.svg">
</head><body></body></html>`;
const CONTENT: Record<string, string> = {
  'color-scheme.js': 'document.documentElement.dataset.scheme = "light";',
  'assets/driver-a1.js': 'import "./shared-b2.js"; console.log("driver");'.repeat(20),
  'assets/shared-b2.js': 'export const shared = "a shared chunk of the page";'.repeat(40),
  'assets/react-c3.js': 'export const react = 1;'.repeat(200),
  'assets/dialog-d4.js': 'export const dialog = "loaded when opened";'.repeat(500),
  'assets/driver-a1.css': '.stop { color: red; }'.repeat(30),
};

describe('firstLoadFiles', () => {
  it('takes what the page names and the static imports of its scripts, never what loads later', () => {
    expect(firstLoadFiles(PAGE, MANIFEST)).toEqual({
      scripts: ['color-scheme.js', 'assets/driver-a1.js', 'assets/shared-b2.js', 'assets/react-c3.js'],
      stylesheets: ['assets/driver-a1.css'],
    });
  });

  it('refuses a manifest that names a chunk it does not hold', () => {
    const broken: Manifest = { 'driver.html': { file: 'assets/driver-a1.js', imports: ['_gone.js'] } };
    expect(() => firstLoadFiles(PAGE, broken)).toThrow('_gone.js is not in');
  });
});

describe('driverAppFirstLoad', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'waybill-first-load-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, '.vite'));
    for (const [file, text] of Object.entries(CONTENT)) await writeFile(path.join(dist, file), text);
    await writeFile(path.join(dist, 'driver.html'), PAGE);
    await writeFile(path.join(dist, '.vite/driver-manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it("weighs the driver app's page from its own build's manifest, as gzip -9 sends it", async () => {
    const load = await driverAppFirstLoad(dist);
    const gzip = (file: string) => gzipSync(CONTENT[file]!, { level: 9 }).length;
    expect(load.html).toBe(PAGE);
    expect(load.scriptGzip).toBe(
      gzip('color-scheme.js') + gzip('assets/driver-a1.js') + gzip('assets/shared-b2.js') + gzip('assets/react-c3.js'),
    );
    expect(load.styleGzip).toBe(gzip('assets/driver-a1.css'));
    expect(load.scriptBrotli).toBeGreaterThan(0);
    expect(load.scriptBrotli).toBeLessThan(load.scriptGzip);
  });
});
