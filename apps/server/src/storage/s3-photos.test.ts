// The whole app with its photos in a bucket of a real S3-compatible server (s3rver): what a customer
// uploads lands there and nowhere on disk, and every reader of photos (the /uploads URLs, e-mail
// attachments, the crash-leftover sweep, the readiness check) works through it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm, submitPackage } from '../../test/support/factories.ts';
import type { TestClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { databasesFor } from '../../test/support/test-databases.ts';
import { startTestS3, type TestS3, useInProcess } from '../../test/support/test-s3.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/support/test-smtp-server.ts';
import { sweepOrphanFiles } from '../modules/packages/sweep/orphan-sweep.service.ts';

const HOUR_MS = 60 * 60 * 1000;

// One database: the subject is the bucket; the sweep's lock is orphan-sweep.service.test.ts's, on both.
describe.each(databasesFor('any'))('photos in an S3 bucket on %s', (kind) => {
  let s3: TestS3;
  let restoreEnv: () => void;
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    s3 = await startTestS3();
    restoreEnv = useInProcess(s3.env);
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { ...s3.env, SMTP_URL: smtp.url });
    // The operator's messages only: the receipts of the packages submitted here stay queued.
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
    restoreEnv?.();
    await s3?.close();
  });

  const photos = async () => (await s3.keys()).filter((key) => key.endsWith('.webp'));

  it('stores a submission’s photos in the bucket, none on disk, and serves them under /uploads', async () => {
    const before = await photos();
    const files = [
      { name: 'a.png', data: await imageBytes('png') },
      { name: 'b.jpg', data: await imageBytes('jpeg'), type: 'image/jpeg' },
    ];
    const response = await testApp.client().request('POST', '/api/submit-package', {
      form: packageForm(packageFields(), files),
    });
    expect(response.status).toBe(201);
    const urls = response.body.packageImages as string[];
    expect(urls).toHaveLength(2);
    const added = (await photos()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(4); // display size and thumbnail of each
    expect(await testApp.storedFiles()).toEqual({ uploads: [], tmp: [] });

    const served = await fetch(`${testApp.baseUrl}${urls[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    const key = urls[0]!.slice('/uploads/'.length);
    expect(added).toContain(key);
    expect(bytes.equals(await s3.read(key))).toBe(true);
    expect(served.headers.get('content-length')).toBe(String(bytes.length));

    const head = await fetch(`${testApp.baseUrl}${urls[0]}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/webp');
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // The same public route as on disk, declaring its answer (the API description leaves it out).
    const servedRoutes = testApp.routes.filter((route) => route.url === '/uploads/*');
    expect(servedRoutes.map((route) => [route.method].flat().sort())).toEqual([['GET', 'HEAD']]);
    for (const route of servedRoutes) {
      expect(route.config?.access).toBe('public');
      expect(route.schema?.response).toHaveProperty('200');
    }
  });

  it('answers 404 for a missing key and for names the pipeline never makes, without serving them', async () => {
    await s3.write('notes.html', Buffer.from('<script>alert(1)</script>'));
    await s3.write('.hidden.webp', Buffer.from('half'));
    try {
      for (const url of [
        `/uploads/${randomUUID()}.webp`,
        '/uploads/notes.html',
        '/uploads/.hidden.webp',
        '/uploads/%2e%2e%2fsecret.webp',
        `/uploads/${'a'.repeat(300)}.webp`,
      ]) {
        const answer = await testApp.client().get(url);
        expect(answer.status, url).toBe(404);
        expect(answer.text).not.toContain('<script>');
        expect((await fetch(`${testApp.baseUrl}${url}`, { method: 'HEAD' })).status, url).toBe(404);
      }
    } finally {
      await s3.remove('notes.html');
      await s3.remove('.hidden.webp');
    }
  });

  it('attaches the photos read from the bucket to an operator’s e-mail', async () => {
    const files = await Promise.all(
      [0, 1].map(async (index) => ({ name: `photo-${index}.png`, data: await imageBytes('png') })),
    );
    const trackingCode = await submitPackage(testApp, packageFields(), files);
    const before = smtp.received.length;
    const sent = await operator.post('/api/send-email', {
      to: 'grace@example.org',
      subject: 'Your parcel',
      templateType: 'package',
      trackingCode,
      shipperName: 'Ada',
      customMessage: 'On its way',
      includeImages: true,
      imageCount: 2,
    });
    expect(sent.status, sent.text).toBe(200);
    const mail = (await smtp.waitForMessages(before + 1))[before]!.parsed;
    expect(mail.attachments).toHaveLength(2);
    for (const attachment of mail.attachments) {
      expect(attachment.contentType).toBe('image/jpeg');
      expect(attachment.content.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(mail.html).toContain(`src="cid:${attachment.cid}"`);
    }
  });

  it('leaves nothing in the bucket when a submission is refused after its first photo was stored', async () => {
    const png = await imageBytes('png', { width: 400, height: 300 });
    // A PNG whose header reads well (it passes the format check) but whose pixels are cut off: it
    // fails while rendering, after the first image is in the bucket.
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const before = await s3.keys();
    const response = await testApp.client().request('POST', '/api/submit-package', {
      form: packageForm(packageFields(), [
        { name: 'good.png', data: png },
        { name: 'cut.png', data: cut },
      ]),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'cut.png is not a supported image (JPEG, PNG, WebP, AVIF or GIF)' });
    expect(await s3.keys()).toEqual(before);
    expect(await testApp.storedFiles()).toEqual({ uploads: [], tmp: [] });
  });

  it('sweeps an unreferenced photo from the bucket once it is old enough; spares referenced ones and foreign objects', async () => {
    const { db, storage } = testApp.app;
    const referenced = await photos();
    expect(referenced.length).toBeGreaterThan(0);
    const orphan = `${randomUUID()}.webp`;
    await s3.write(orphan, Buffer.from('written before a commit that never came'));
    await s3.write('notes.txt', Buffer.from('not an image of the pipeline'));
    const tmpDir = `${testApp.dataDir}/tmp`;
    try {
      // Shared with other processes: an object written a moment ago may be a submission in flight.
      const shared = await sweepOrphanFiles({ db, storage }, tmpDir, new Date(Date.now() - HOUR_MS));
      expect(shared.images).toBe(0);
      expect(await photos()).toContain(orphan);

      // S3 cannot date an object back: a cutoff ahead of now makes the new orphan old enough.
      const later = await sweepOrphanFiles({ db, storage }, tmpDir, new Date(Date.now() + 60_000));
      expect(later.images).toBe(1);
      expect(await photos()).toEqual(referenced);
      expect(await s3.keys()).toContain('notes.txt');
      for (const key of referenced) expect((await testApp.client().get(storage.urlFor(key))).status).toBe(200);
    } finally {
      await s3.remove('notes.txt');
    }
  });

  it('answers 503 naming the photo storage while the S3 server is stopped, and starts anyway; 200 once it is back', async () => {
    expect((await testApp.client().get('/api/health/ready')).status).toBe(200);
    await s3.stop();
    try {
      const down = await testApp.client().get('/api/health/ready');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ message: 'Not ready: the photo storage does not answer' });
      const unavailable = await testApp.client().get(`/uploads/${randomUUID()}.webp`);
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers.get('cache-control')).toBe('no-store');
      expect(unavailable.body).toEqual({ message: 'The photo storage does not answer. Please try again shortly.' });

      // A process started meanwhile comes up (its sweep waits for the next start) and says it is not ready.
      const another = await startTestApp(kind, s3.env);
      try {
        expect((await another.client().get('/api/health')).status).toBe(200);
        expect((await another.client().get('/api/health/ready')).status).toBe(503);
      } finally {
        await another.close();
      }
    } finally {
      await s3.start();
    }
    expect((await testApp.client().get('/api/health/ready')).status).toBe(200);
  });
});
