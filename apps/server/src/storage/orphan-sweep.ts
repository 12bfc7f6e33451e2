import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { shipmentImages } from '../db/schema/index.ts';

// Only names the image pipeline makes: other features' files in the folder are never touched.
const IMAGE_FILE = /^\.?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.webp(\.partial)?$/;

export interface SweepResult {
  images: number;
  uploadsInProgress: number;
}

async function isOlderThan(file: string, cutoff: Date | undefined): Promise<boolean> {
  if (!cutoff) return true;
  try {
    return (await stat(file)).mtime < cutoff;
  } catch {
    return false;
  }
}

async function listNames(directory: string): Promise<string[]> {
  try {
    return await readdir(directory);
  } catch {
    return [];
  }
}

/**
 * Removes what a crash leaves behind: image files that no row names (a submission's images are
 * written before its transaction commits; a deleted package's files after it), half-written
 * `.partial` files, and temporary uploads. With `olderThan`, only files older than that go, so the
 * in-flight work of another process sharing the folder is left alone.
 */
export async function sweepOrphanFiles(
  db: Database,
  dirs: { uploads: string; tmp: string },
  olderThan?: Date,
): Promise<SweepResult> {
  const candidates = (await listNames(dirs.uploads)).filter((name) => IMAGE_FILE.test(name));
  let images = 0;
  if (candidates.length > 0) {
    const rows = await db
      .select({ storageKey: shipmentImages.storageKey, thumbnailKey: shipmentImages.thumbnailKey })
      .from(shipmentImages);
    const referenced = new Set(rows.flatMap((row) => [row.storageKey, row.thumbnailKey]));
    for (const name of candidates) {
      const file = path.join(dirs.uploads, name);
      if (referenced.has(name) || !(await isOlderThan(file, olderThan))) continue;
      await rm(file, { force: true });
      images += 1;
    }
  }
  let uploadsInProgress = 0;
  for (const name of await listNames(dirs.tmp)) {
    const entry = path.join(dirs.tmp, name);
    if (!(await isOlderThan(entry, olderThan))) continue;
    await rm(entry, { recursive: true, force: true });
    uploadsInProgress += 1;
  }
  return { images, uploadsInProgress };
}
