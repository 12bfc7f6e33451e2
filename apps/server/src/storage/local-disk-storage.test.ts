import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage.ts';

describe('local disk image storage', () => {
  let directory: string;
  let storage: LocalDiskStorage;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'waybill-storage-'));
    storage = new LocalDiskStorage(path.join(directory, 'uploads'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('reads back what it stored, lists it with its time, and deletes it', async () => {
    const bytes = Buffer.from('image bytes');
    await storage.put('a1.webp', bytes);
    expect(await storage.read('a1.webp')).toEqual(bytes);
    expect(await readdir(storage.directory)).toEqual(['a1.webp']);

    const listed = await storage.list();
    expect(listed.map(({ key }) => key)).toEqual(['a1.webp']);
    expect(Math.abs((listed[0]?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    await storage.delete('a1.webp');
    expect(await storage.list()).toEqual([]);
    await expect(storage.read('a1.webp')).rejects.toThrow();
    await storage.delete('a1.webp'); // a missing key is not an error
  });

  it('lists half-written files and files it did not write, skips folders, and can delete a half-written one', async () => {
    await writeFile(path.join(storage.directory, '.b2.webp.partial'), 'half');
    await writeFile(path.join(storage.directory, 'notes.txt'), 'someone else');
    await mkdir(path.join(storage.directory, 'folder'));
    const old = new Date('2020-01-02T03:04:05Z');
    await utimes(path.join(storage.directory, 'notes.txt'), old, old);

    const listed = (await storage.list()).sort((a, b) => a.key.localeCompare(b.key));
    expect(listed.map(({ key }) => key)).toEqual(['.b2.webp.partial', 'notes.txt']);
    expect(listed[1]?.modifiedAt.toISOString()).toBe(old.toISOString());

    await storage.delete('.b2.webp.partial');
    expect((await readdir(storage.directory)).sort()).toEqual(['folder', 'notes.txt']);
  });

  it('refuses keys that could leave its folder', async () => {
    await writeFile(path.join(directory, 'outside.webp'), 'not the storage’s');
    for (const key of [
      '../outside.webp',
      '.../outside.webp.partial',
      '.outside.webp',
      '/etc/passwd',
      'a/../../outside.webp',
    ]) {
      await expect(storage.read(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    }
    expect(await readdir(directory)).toContain('outside.webp');
  });
});
