// What a page of the web build downloads before it runs: the scripts and stylesheets its HTML names,
// with every static import of those scripts (from Vite's manifest) — never what a script loads later
// by dynamic import (a dialog, an island). Measured as the server sends the files: gzip -9 (and brotli),
// the copies the build writes. The bench prints these figures; a browser-suite test holds the driver
// app to its budget.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * The driver app's goal: with a run of 120 stops, its first load's JavaScript within 150 KB gzip (and
 * Lighthouse mobile performance of 90 or more, a stop opened within 100 ms on a 4× slowed CPU).
 */
export const DRIVER_APP_JS_BUDGET_KB = 150;

/** The driver app's page in the web build, and the manifest of its own build (apps/web/vite.driver.config.ts). */
const DRIVER_PAGE = 'driver.html';
const DRIVER_MANIFEST = '.vite/driver-manifest.json';

/** One chunk of a Vite manifest, as far as the first load goes. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  /** Loaded later, when the code asks: never part of a first load. */
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  /** The scripts, as paths from the build's root, each once, in the order they were found. */
  scripts: string[];
  /** The stylesheets, likewise. */
  stylesheets: string[];
}

export interface FirstLoadWeight extends FirstLoad {
  /** Bytes of the scripts and the stylesheets as sent: gzip -9 and brotli (quality 11; 0 when not asked). */
  scriptGzip: number;
  scriptBrotli: number;
  styleGzip: number;
}

/** `brotli: false` skips the slower of the two compressions (a second or two for the driver app). */
export interface WeighOptions {
  brotli?: boolean;
}

/** The files `html` names (scripts, module preloads, stylesheets), with the static imports of each script. */
export function firstLoadFiles(html: string, manifest: Manifest): FirstLoad {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const sheet of chunk.css ?? []) stylesheets.add(sheet);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`${key} is not in Vite's manifest`);
      visit(imported);
    }
  };
  // A tag is read up to its next < or >: one pass, whatever the page.
  for (const [, href] of html.matchAll(/<(?:script[^<>]*\bsrc|link[^<>]*\bhref)="\/([^"<>]+\.(?:js|css))"/g)) {
    if (href!.endsWith('.css')) stylesheets.add(href!);
    else {
      const chunk = byFile.get(href!);
      if (chunk) visit(chunk);
      else scripts.add(href!);
    }
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

/** The files' sizes as the server sends them, read from the build at `dist`. */
export async function weighFirstLoad(
  dist: string,
  load: FirstLoad,
  { brotli = true }: WeighOptions = {},
): Promise<FirstLoadWeight> {
  const sizes = async (files: string[]) =>
    Promise.all(
      files.map(async (file) => {
        const content = await readFile(path.join(dist, file));
        return {
          gzip: gzipSync(content, { level: 9 }).length,
          brotli: brotli ? brotliCompressSync(content).length : 0,
        };
      }),
    );
  const scripts = await sizes(load.scripts);
  const styles = await sizes(load.stylesheets);
  const sum = (list: { gzip: number; brotli: number }[], kind: 'gzip' | 'brotli') =>
    list.reduce((total, size) => total + size[kind], 0);
  return {
    ...load,
    scriptGzip: sum(scripts, 'gzip'),
    scriptBrotli: sum(scripts, 'brotli'),
    styleGzip: sum(styles, 'gzip'),
  };
}

/** The driver app's first load in the web build at `dist`: its page, what it names and their static imports. */
export async function driverAppFirstLoad(
  dist: string,
  options: WeighOptions = {},
): Promise<FirstLoadWeight & { html: string }> {
  const html = await readFile(path.join(dist, DRIVER_PAGE), 'utf8');
  const manifest = JSON.parse(await readFile(path.join(dist, DRIVER_MANIFEST), 'utf8')) as Manifest;
  return { html, ...(await weighFirstLoad(dist, firstLoadFiles(html, manifest), options)) };
}
