import { mkdirSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ImageStorage, UPLOADS_URL_PREFIX } from './image-storage.ts';

/** Images as files in one directory (DATA_DIR/uploads), served under /uploads/. */
export class LocalDiskStorage implements ImageStorage {
  constructor(readonly directory: string) {
    mkdirSync(directory, { recursive: true });
  }

  async put(key: string, data: Buffer): Promise<void> {
    assertSafeKey(key);
    // Write then rename: a reader never sees half a file.
    const partial = path.join(this.directory, `.${key}.partial`);
    await writeFile(partial, data);
    await rename(partial, path.join(this.directory, key));
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await rm(path.join(this.directory, key), { force: true });
  }

  urlFor(key: string): string {
    return `${UPLOADS_URL_PREFIX}${key}`;
  }
}
