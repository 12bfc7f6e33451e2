// Build step: the driver app's service worker, with the files it precaches written in. The app is the
// console's page at ADMIN_PATH/driver: its shell (the console's HTML), the console's entry, the driver
// screen and everything they load, at once or later — not the other screens'.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from './vite-manifest.ts';

/** The console's entry (Vite names it after its page) and what loads only on the driver's page. */
const CONSOLE_ENTRY = 'index.html';
const DRIVER_SCREEN = 'src/pages/console/driver/index.tsx';
/** The placeholder the worker's bundle holds where the list goes (Workbox's own convention). */
const PLACEHOLDER = 'self.__WB_MANIFEST';
/** What the worker reads as the app's own page (its scope). */
const SHELL = '@shell';

/** The files of a chunk, its styles and assets, and of every chunk it imports (and `dynamic`ally loads). */
function collect(manifest: Manifest, key: string, dynamic: boolean, files: Set<string>, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
  for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, dynamic, files, seen);
  if (dynamic) for (const loaded of chunk.dynamicImports ?? []) collect(manifest, loaded, dynamic, files, seen);
}

/** Every file the driver app needs offline, as paths from the site's root, in a stable order. */
export function driverAppFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  // The entry's own imports, not the screens it loads later: those are the console's.
  collect(manifest, CONSOLE_ENTRY, false, files, seen);
  for (const loaded of manifest[CONSOLE_ENTRY]?.dynamicImports ?? []) {
    if (!loaded.startsWith('src/pages/')) collect(manifest, loaded, true, files, seen);
  }
  collect(manifest, DRIVER_SCREEN, true, files, seen);
  // The barcode decoder (1.1 MB) only where the phone has no reader of its own, and only to load the
  // van, at the depot: kept when first used, not downloaded with the app.
  return [...files]
    .filter((file) => !file.endsWith('.wasm'))
    .sort()
    .map((file) => `/${file}`);
}

/**
 * Writes dist/driver-sw.js: the bundle of dist/.sw with the precache list in place of its placeholder.
 * The hashed files need no revision; the shell's is the hash of the console's page.
 */
export async function writeDriverWorker(dist: string, manifest: Manifest): Promise<number> {
  const bundle = await readFile(path.join(dist, '.sw', 'driver-sw.js'), 'utf8');
  if (!bundle.includes(PLACEHOLDER)) throw new Error(`The driver worker's bundle lost its ${PLACEHOLDER}`);
  const shell = await readFile(path.join(dist, 'console.html'));
  const entries = [
    { url: SHELL, revision: createHash('sha256').update(shell).digest('hex').slice(0, 16) },
    ...driverAppFiles(manifest).map((url) => ({ url, revision: null })),
  ];
  await writeFile(path.join(dist, 'driver-sw.js'), bundle.replace(PLACEHOLDER, JSON.stringify(entries)));
  return entries.length;
}
