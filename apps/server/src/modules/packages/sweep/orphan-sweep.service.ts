import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../../db/client.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import { findStoredImageKeys } from '../packages.repository.ts';
import { findProofImageKeys } from '../proof/delivery-proof.repository.ts';
import { PROOF_FILE } from '../proof/delivery-proof-images.ts';
import { findRoadPhotoKeys } from '../road/road-notes.repository.ts';
import { ATTEMPT_PHOTO_FILE } from '../road/road-notes.service.ts';

// Only names the image pipeline makes (and their half-written `.partial` twins on the local disk):
// other features' files in the storage are never touched.
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
 * Removes what a crash leaves behind: stored images (a package's, a proof of delivery's or a failed attempt's) that no row
 * names (a submission's images are written before its transaction commits; a deleted package's files
 * after it), half-written images, and temporary uploads under `tmpDir`. With `olderThan`, only what is older than that goes, so the
 * in-flight work of another process sharing the storage is left alone.
 */
export async function sweepOrphanFiles(
  deps: { db: Database; storage: ImageStorage },
  tmpDir: string,
  olderThan?: Date,
): Promise<SweepResult> {
  const candidates = (await deps.storage.list()).filter(
    ({ key }) => IMAGE_FILE.test(key) || PROOF_FILE.test(key) || ATTEMPT_PHOTO_FILE.test(key),
  );
  let images = 0;
  if (candidates.length > 0) {
    // Proofs of delivery and failed attempts name their own images (a replaced one's files are left to
    // this sweep when their removal after the commit failed).
    const [packageKeys, proofKeys, roadKeys] = await Promise.all([
      findStoredImageKeys(deps.db),
      findProofImageKeys(deps.db),
      findRoadPhotoKeys(deps.db),
    ]);
    const referenced = new Set([...packageKeys, ...proofKeys, ...roadKeys]);
    for (const { key, modifiedAt } of candidates) {
      if (referenced.has(key) || (olderThan && modifiedAt >= olderThan)) continue;
      await deps.storage.delete(key);
      images += 1;
    }
  }
  let uploadsInProgress = 0;
  for (const name of await listNames(tmpDir)) {
    const entry = path.join(tmpDir, name);
    if (!(await isOlderThan(entry, olderThan))) continue;
    await rm(entry, { recursive: true, force: true });
    uploadsInProgress += 1;
  }
  return { images, uploadsInProgress };
}
