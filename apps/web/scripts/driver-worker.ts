// Build step: the driver app's service worker, with the files it precaches written in. The app is its
// own page at ADMIN_PATH/driver (driver.html): its shell, its entry and everything that loads, at once
// or later (the dialogs) — nothing of the console's.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DRIVER_MANIFEST, type Manifest } from './vite-manifest.ts';

/** The driver app's entry, as Vite's manifest names it (after its page), and the page the build writes. */
const DRIVER_ENTRY = 'driver.html';
const DRIVER_PAGE = 'driver.html';
/** The placeholder the worker's bundle holds where the list goes (Workbox's own convention). */
const PLACEHOLDER = 'self.__WB_MANIFEST';
/** What the worker reads as the app's own page (its scope). */
const SHELL = '@shell';

/** The files of a chunk, its styles and assets, and of every chunk it imports or loads later. */
function collect(manifest: Manifest, key: string, files: Set<string>, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) collect(manifest, next, files, seen);
}

/** Every file the driver app needs offline, as paths from the site's root, in a stable order. */
export function driverAppFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  collect(manifest, DRIVER_ENTRY, files, seen);
  // The barcode decoder (1.1 MB) only where the phone has no reader of its own, and only to load the
  // van, at the depot: kept when first used, not downloaded with the app.
  return [...files]
    .filter((file) => !file.endsWith('.wasm'))
    .sort()
    .map((file) => `/${file}`);
}

/** A short hash of a file's content: the revision of a file whose name does not change with it. */
const revisionOf = (content: Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * The files at the site's root the page itself names (its colour-mode script, its icon): their names
 * carry no hash, so each goes with its content's.
 */
async function rootFiles(dist: string, page: string): Promise<{ url: string; revision: string }[]> {
  const names = [...page.matchAll(/\b(?:src|href)="\/([A-Za-z0-9][\w-]*(?:\.[\w-]+)+)"/g)].map((match) => match[1]!);
  return Promise.all(
    [...new Set(names)].sort().map(async (name) => ({
      url: `/${name}`,
      revision: revisionOf(await readFile(path.join(dist, name))),
    })),
  );
}

/**
 * Writes dist/driver-sw.js: the bundle of dist/.sw with the precache list (from the driver app's own
 * manifest) in place of its placeholder. The hashed files need no revision; the shell's is the hash of
 * the driver app's page.
 */
export async function writeDriverWorker(dist: string): Promise<number> {
  const manifest = JSON.parse(await readFile(path.join(dist, DRIVER_MANIFEST), 'utf8')) as Manifest;
  const bundle = await readFile(path.join(dist, '.sw', 'driver-sw.js'), 'utf8');
  if (!bundle.includes(PLACEHOLDER)) throw new Error(`The driver worker's bundle lost its ${PLACEHOLDER}`);
  const shell = await readFile(path.join(dist, DRIVER_PAGE));
  const entries = [
    { url: SHELL, revision: revisionOf(shell) },
    ...(await rootFiles(dist, shell.toString('utf8'))),
    ...driverAppFiles(manifest).map((url) => ({ url, revision: null })),
  ];
  await writeFile(path.join(dist, 'driver-sw.js'), bundle.replace(PLACEHOLDER, JSON.stringify(entries)));
  return entries.length;
}
