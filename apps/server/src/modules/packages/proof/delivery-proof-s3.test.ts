// A proof of delivery with the photos in an S3 bucket (s3rver): its images land in the bucket under
// names /uploads never serves, the operators' route reads them back, and the sweep keeps them.
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, imageBytes } from '../../../../test/support/factories.ts';
import type { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { startTestS3, type TestS3, useInProcess } from '../../../../test/support/test-s3.ts';
import { sweepOrphanFiles } from '../sweep/orphan-sweep.service.ts';

// One database: the subject is the bucket; the proof's rows are delivery-proof.test.ts's, on both.
describe.each(databasesFor('any'))('proof of delivery in an S3 bucket on %s', (kind) => {
  let s3: TestS3;
  let restoreEnv: () => void;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    s3 = await startTestS3();
    restoreEnv = useInProcess(s3.env);
    testApp = await startTestApp(kind, s3.env);
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    restoreEnv?.();
    await s3?.close();
  });

  it('keeps the photo and the signature in the bucket, for operators only', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const signature = await sharp({
      create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('trackingCode', trackingCode);
    form.append('receivedBy', 'Kofi Mensah');
    form.append('photo', new Blob([new Uint8Array(await imageBytes('jpeg'))]), 'door.jpg');
    form.append('signature', new Blob([new Uint8Array(signature)]), 'signature.png');
    expect((await operator.request('POST', '/api/admin/proof-of-delivery', { form })).status).toBe(200);

    const keys = (await s3.keys()).filter((key) => /\.(proof\.webp|signature\.png)$/.test(key));
    expect(keys).toHaveLength(3);
    expect(await testApp.storedFiles()).toEqual({ uploads: [], tmp: [] });
    for (const key of keys) {
      expect((await testApp.client().get(`/uploads/${path.basename(key)}`)).status).toBe(404);
    }
    for (const [kind, type] of [
      ['photo', 'image/webp'],
      ['signature', 'image/png'],
    ]) {
      const response = await fetch(`${testApp.baseUrl}/api/admin/packages/${trackingCode}/proof/${kind}`, {
        headers: { cookie: operator.cookieHeader() },
      });
      expect([response.status, response.headers.get('content-type')]).toEqual([200, type]);
    }
    await sweepOrphanFiles(testApp.app, path.join(testApp.dataDir, 'tmp'));
    expect((await s3.keys()).filter((key) => keys.includes(key))).toEqual(keys);
  });
});
