import { constants, type Dirent, mkdirSync } from 'node:fs';
import { access, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ImageStorage, type StoredObject, UPLOADS_URL_PREFIX } from './image-storage.ts';

const partialName = (key: string) => `.${key}.partial`;
const PARTIAL = /^\.(.+)\.partial$/;

/** Images as files in one directory (DATA_DIR/uploads), served under /uploads/. */
export class LocalDiskStorage implements ImageStorage {
  constructor(readonly directory: string) {
    mkdirSync(directory, { recursive: true });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    // Write then rename: a reader never sees half a file.
    const partial = path.join(this.directory, partialName(key));
    await writeFile(partial, data);
    await rename(partial, path.join(this.directory, key));
  }

  async read(key: string): Promise<Buffer> {
    assertSafeKey(key);
    return readFile(path.join(this.directory, key));
  }

  /** Every file of the directory (sub-folders are not objects); a half-written one (a crash during `put`) is listed as `.{key}.partial`. */
  async list(): Promise<StoredObject[]> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.directory, { withFileTypes: true });
    } catch {
      return [];
    }
    const objects: StoredObject[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      try {
        objects.push({ key: entry.name, modifiedAt: (await stat(path.join(this.directory, entry.name))).mtime });
      } catch {
        // deleted in between
      }
    }
    return objects;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(PARTIAL.exec(key)?.[1] ?? key);
    await rm(path.join(this.directory, key), { force: true });
  }

  urlFor(key: string): string {
    return `${UPLOADS_URL_PREFIX}${key}`;
  }

  async checkReady(): Promise<void> {
    await access(this.directory, constants.W_OK);
  }
}
