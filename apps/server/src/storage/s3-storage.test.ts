import { createServer, type Server, type Socket } from 'node:net';
import { findFreePort } from '@waybill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3, useInProcess } from '../../test/support/test-s3.ts';
import { S3ImageStorage } from './s3-storage.ts';

describe('S3 image storage', () => {
  let s3: TestS3;
  let restoreEnv: () => void;
  beforeAll(async () => {
    s3 = await startTestS3();
    restoreEnv = useInProcess(s3.env);
  });
  afterAll(async () => {
    restoreEnv?.();
    await s3?.close();
  });
  const storageOf = (prefix = '', options = {}) =>
    new S3ImageStorage({ bucket: s3.bucket, prefix, forcePathStyle: true }, options);

  it('reads back what it stored, lists it with its time, and deletes it; a missing key is not an error', async () => {
    const storage = storageOf();
    try {
      const bytes = Buffer.from('image bytes');
      await storage.put('a1.webp', bytes, 'image/webp');
      expect(await storage.read('a1.webp')).toEqual(bytes);
      expect(await s3.keys()).toEqual(['a1.webp']);

      const listed = await storage.list();
      expect(listed.map(({ key }) => key)).toEqual(['a1.webp']);
      // S3 keeps whole seconds.
      expect(Math.abs((listed[0]?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

      const served = await storage.open('a1.webp');
      expect(served?.contentLength).toBe(bytes.length);
      served?.body?.destroy();
      expect(await storage.open('missing.webp')).toBeUndefined();
      expect(await storage.open('missing.webp', { headOnly: true })).toBeUndefined();

      await storage.delete('a1.webp');
      expect(await storage.list()).toEqual([]);
      await expect(storage.read('a1.webp')).rejects.toThrow();
      await storage.delete('a1.webp');
    } finally {
      storage.close();
    }
  });

  it('lists every page of a large bucket', async () => {
    const storage = storageOf('', { listPageSize: 3 });
    try {
      const keys = Array.from({ length: 8 }, (_, index) => `page-${index}.webp`);
      for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
      expect((await storage.list()).map(({ key }) => key).sort()).toEqual(keys);
      for (const key of keys) await storage.delete(key);
    } finally {
      storage.close();
    }
  });

  it('keeps to its prefix: lists, reads and deletes only keys under it, never deeper folders', async () => {
    const storage = storageOf('site-a/photos/');
    try {
      await storage.put('b2.webp', Buffer.from('mine'), 'image/webp');
      await s3.write('b2.webp', Buffer.from('beside the prefix'));
      await s3.write('site-a/photos/nested/c3.webp', Buffer.from('a deeper folder'));
      expect(await s3.keys()).toEqual(['b2.webp', 'site-a/photos/b2.webp', 'site-a/photos/nested/c3.webp']);

      expect((await storage.list()).map(({ key }) => key)).toEqual(['b2.webp']);
      expect((await storage.read('b2.webp')).toString()).toBe('mine');
      await storage.delete('b2.webp');
      expect(await s3.keys()).toEqual(['b2.webp', 'site-a/photos/nested/c3.webp']);
    } finally {
      storage.close();
      await s3.remove('b2.webp');
      await s3.remove('site-a/photos/nested/c3.webp');
    }
  });

  it('refuses keys that are not plain names', async () => {
    const storage = storageOf('site-a/');
    try {
      for (const key of ['../outside.webp', '.hidden.webp', '/etc/passwd', 'a/../../b.webp']) {
        await expect(storage.read(key)).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe storage key/);
      }
      expect(await s3.keys()).toEqual([]);
    } finally {
      storage.close();
    }
  });

  it('is ready while the bucket answers; not when it is missing or the server is stopped', async () => {
    const storage = storageOf();
    const missing = new S3ImageStorage({ bucket: 'no-such-bucket', prefix: '', forcePathStyle: true });
    try {
      await storage.checkReady();
      await expect(missing.checkReady()).rejects.toThrow();
      await s3.stop();
      await expect(storage.checkReady()).rejects.toThrow();
      await s3.start();
      await storage.checkReady();
    } finally {
      storage.close();
      missing.close();
    }
  });

  it('gives up within its time limit on an endpoint that accepts connections and never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    const port = await findFreePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    // The SDK reads its settings when it first needs them, so they stay until the check is done.
    const restore = useInProcess({ AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` });
    const storage = storageOf();
    try {
      const started = Date.now();
      await expect(storage.checkReady()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      restore();
      storage.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
