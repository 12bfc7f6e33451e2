import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, submitPackage } from '../../../../test/support/factories.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { sweepOrphanFiles } from './orphan-sweep.service.ts';

const HOUR_MS = 60 * 60 * 1000;

// Both databases: an advisory lock decides what the sweep may remove.
describe.each(databasesFor('sql'))('sweeping crash leftovers on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  const keys = async () => (await testApp.app.storage.list()).map(({ key }) => key).sort();
  const age = async (file: string, ms: number) => {
    const then = new Date(Date.now() - ms);
    await utimes(file, then, then);
  };

  it('removes unreferenced images, half-written ones and stale uploads; keeps every key a row names and foreign files', async () => {
    const { storage } = testApp.app;
    await submitPackage(testApp, packageFields(), [{ name: 'box.png', data: await imageBytes() }]);
    const referenced = await keys();
    expect(referenced).toHaveLength(2); // the display image and its thumbnail

    const oldOrphan = `${randomUUID()}.webp`;
    const oldPartial = `.${randomUUID()}-thumb.webp.partial`;
    const freshOrphan = `${randomUUID()}-thumb.webp`;
    await storage.put(oldOrphan, Buffer.from('written before a commit that never came'), 'image/webp');
    await storage.put(freshOrphan, Buffer.from('a submission still in flight'), 'image/webp');
    const uploads = path.join(testApp.dataDir, 'uploads');
    await writeFile(path.join(uploads, oldPartial), 'half');
    await writeFile(path.join(uploads, 'notes.txt'), 'not an image of the pipeline');
    for (const name of [oldOrphan, oldPartial, 'notes.txt', ...referenced])
      await age(path.join(uploads, name), 2 * HOUR_MS);
    const tmpDir = path.join(testApp.dataDir, 'tmp');
    const staleUpload = path.join(tmpDir, randomUUID());
    const freshUpload = path.join(tmpDir, randomUUID());
    await mkdir(staleUpload, { recursive: true });
    await mkdir(freshUpload, { recursive: true });
    await writeFile(path.join(staleUpload, '0.upload'), 'half an upload');
    await age(staleUpload, 2 * HOUR_MS);

    // Shared with other processes: only what is older than the cutoff goes.
    const shared = await sweepOrphanFiles({ db: testApp.app.db, storage }, tmpDir, new Date(Date.now() - HOUR_MS));
    expect(shared).toEqual({ images: 2, uploadsInProgress: 1 });
    expect(await keys()).toEqual([...referenced, freshOrphan, 'notes.txt'].sort());
    expect((await testApp.storedFiles()).tmp).toEqual([]);

    // Alone: everything unreferenced goes, whatever its age.
    const alone = await sweepOrphanFiles({ db: testApp.app.db, storage }, tmpDir);
    expect(alone).toEqual({ images: 1, uploadsInProgress: 1 });
    expect(await keys()).toEqual([...referenced, 'notes.txt'].sort());
    for (const key of referenced) expect((await testApp.client().request('GET', storage.urlFor(key))).status).toBe(200);
  });
});
