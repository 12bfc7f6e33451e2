// Backup and restore when the photos are in an S3 bucket: the file holds the rows only and the command
// says so; a restore writes the photos a file does hold (one made from DATA_DIR/uploads) into the bucket.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm } from '../../test/support/factories.ts';
import { TestClient } from '../../test/support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/support/test-app.ts';
import { createTestDatabase, databasesFor } from '../../test/support/test-databases.ts';
import { startTestS3, type TestS3, useInProcess } from '../../test/support/test-s3.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { backup, restore } from './backup.ts';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

/** A package with one photo, submitted to a running app; the app is then closed, its data kept. */
async function packageWithPhoto(testApp: TestApp) {
  const submitted = await testApp.client().request('POST', '/api/submit-package', {
    form: packageForm(packageFields(), [{ name: 'box.png', data: await imageBytes('png') }]),
  });
  expect(submitted.status).toBe(201);
  const photoUrl: string = submitted.body.packageImages[0];
  const photo = Buffer.from(await (await fetch(`${testApp.baseUrl}${photoUrl}`)).arrayBuffer());
  await testApp.app.close();
  return { trackingCode: submitted.body.trackingCode as string, photoUrl, photo };
}

/** The parsed lines of a backup file. */
async function linesOf(file: string): Promise<Record<string, unknown>[]> {
  const text = gunzipSync(await readFile(file))
    .toString('utf8')
    .trim();
  return text.split('\n').map((line) => JSON.parse(line));
}

// One database: the subject is the bucket; the rows' side of backup and restore is backup.test.ts's, on both.
describe.each(databasesFor('any'))('backup and restore with photos in a bucket on %s', (kind) => {
  let s3: TestS3;
  let restoreEnv: () => void;
  let work: string;
  const cleanups: (() => Promise<void>)[] = [];

  /** The app with its photos in the bucket, on an existing DATA_DIR and database. */
  async function startOn(dataDir: string, databaseUrl: string | undefined) {
    const app = await buildApp(
      loadConfig({
        ...s3.env,
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        LOG_LEVEL: 'silent',
        RATE_LIMITS: 'off',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { app, baseUrl: `http://127.0.0.1:${port}` };
  }

  /** A fresh, empty database and DATA_DIR to restore into. */
  async function emptyTarget() {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-restore-'));
    const database = await createTestDatabase(kind, dataDir);
    cleanups.push(async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    return { dataDir, databaseUrl: database.databaseUrl };
  }

  beforeAll(async () => {
    s3 = await startTestS3();
    restoreEnv = useInProcess(s3.env);
    work = await mkdtemp(path.join(os.tmpdir(), 'waybill-backup-'));
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    restoreEnv?.();
    await s3?.close();
    await rm(work, { recursive: true, force: true });
  });

  // The command runs in a process of its own, which opens the embedded database afresh: up to a
  // minute on a busy two-core machine.
  it('saves the rows only, says plainly that the photos stay in the bucket, and restores next to them', {
    timeout: 180_000,
  }, async () => {
    const source = await startTestApp(kind, s3.env, { databaseFiles: true });
    cleanups.push(() => source.close());
    const { trackingCode, photoUrl, photo } = await packageWithPhoto(source);
    const photosInBucket = await s3.keys();
    expect(photosInBucket).toHaveLength(2);

    const file = path.join(work, `${kind}-bucket.backup.gz`);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/backup/backup-cli.ts', file],
      {
        cwd: SERVER_ROOT,
        env: {
          ...process.env,
          ...s3.env,
          DATA_DIR: source.dataDir,
          DATABASE_URL: source.app.config.databaseUrl ?? '',
          LOG_LEVEL: 'silent',
        },
      },
    );
    expect(stdout).toMatch(/^Saved \d+ rows to .+ in \d+ ms\.\n/);
    expect(stdout).toContain(
      'The photos are not in this backup: they stay in the S3 bucket "waybill-photos". Back the bucket up on its own',
    );
    const lines = await linesOf(file);
    expect(lines.filter((line) => 'photo' in line)).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ end: true, photos: 0 });

    const target = await emptyTarget();
    const restored = await restore({ ...target, s3: source.app.config.s3 }, file);
    expect(restored).toMatchObject({ photos: 0, bucket: 'waybill-photos' });
    expect(restored.rows).toBe(lines.at(-1)?.rows);
    expect(await s3.keys()).toEqual(photosInBucket);

    const { app, baseUrl } = await startOn(target.dataDir, target.databaseUrl);
    try {
      expect((await new TestClient(baseUrl).get(`/api/track/${trackingCode}`)).status).toBe(200);
      const served = await fetch(`${baseUrl}${photoUrl}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('writes the photos of a backup made on the local disk into the bucket', async () => {
    const source = await startTestApp(kind, {}, { databaseFiles: true });
    cleanups.push(() => source.close());
    const { trackingCode, photoUrl, photo } = await packageWithPhoto(source);
    const file = path.join(work, `${kind}-disk.backup.gz`);
    const saved = await backup({ dataDir: source.dataDir, databaseUrl: source.app.config.databaseUrl }, file);
    expect(saved.photos).toBe(2);
    expect(saved.bucket).toBeUndefined();

    const before = await s3.keys();
    const target = await emptyTarget();
    const s3Config = loadConfig(s3.env).s3;
    const restored = await restore({ ...target, s3: s3Config }, file);
    expect(restored).toEqual({ rows: saved.rows, photos: 2, bucket: 'waybill-photos' });
    const key = photoUrl.slice('/uploads/'.length);
    expect((await s3.keys()).filter((name) => !before.includes(name))).toEqual(
      [key, key.replace('.webp', '-thumb.webp')].sort(),
    );
    expect(await readdir(target.dataDir)).not.toContain('uploads');

    const { app, baseUrl } = await startOn(target.dataDir, target.databaseUrl);
    try {
      expect((await new TestClient(baseUrl).get(`/api/track/${trackingCode}`)).status).toBe(200);
      const served = await fetch(`${baseUrl}${photoUrl}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
