// Proof of delivery through the API: the status change, the stored images (operators only, never
// /uploads), a repeated key, the audit entry, the crash-leftover sweep and the public tracking answer
// (initials only). The refusals, which store nothing: delivery-proof-refusals.test.ts.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_ROUTE, proofForm, signaturePng } from '../../../../test/support/delivery-proof-forms.ts';
import { acceptedPackage, imageBytes } from '../../../../test/support/factories.ts';
import type { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { sweepOrphanFiles } from '../sweep/orphan-sweep.service.ts';

// Both databases: the status change, its images' rows and key in one transaction, and the sweep.
describe.each(databasesFor('sql'))('proof of delivery on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  const record = (form: FormData, headers: Record<string, string> = {}) =>
    operator.request('POST', PROOF_ROUTE, { form, headers });

  /** The bytes of a console GET as they arrived (the test client reads answers as text). */
  async function fetchBytes(client: TestClient, url: string) {
    const response = await fetch(`${testApp.baseUrl}${url}`, { headers: { cookie: client.cookieHeader() } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  const uploads = async () => (await testApp.storedFiles()).uploads.sort();
  const auditOf = async (trackingCode: string) =>
    (await operator.get(`/api/admin/packages/${trackingCode}/history`)).body as {
      action: string;
      before: unknown;
      after: unknown;
    }[];

  it('sets Delivered and keeps the proof: operators see the name, photo and signature; the public sees initials', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const before = await uploads();
    const response = await record(
      proofForm(
        { trackingCode: trackingCode.toLowerCase(), receivedBy: '  Kofi   Mensah ' },
        { photo: await imageBytes('jpeg', { width: 2400, height: 1800 }), signature: await signaturePng() },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ trackingCode, status: 'Delivered' });

    const proof = await operator.get(`/api/admin/packages/${trackingCode}/proof`);
    expect(proof.status).toBe(200);
    expect(proof.headers.get('cache-control')).toBe('no-store');
    expect(proof.body).toEqual({
      trackingCode,
      receivedBy: 'Kofi   Mensah',
      deliveredAt: expect.any(String),
      photoUrl: `/api/admin/packages/${trackingCode}/proof/photo`,
      photoThumbnailUrl: `/api/admin/packages/${trackingCode}/proof/thumbnail`,
      signatureUrl: `/api/admin/packages/${trackingCode}/proof/signature`,
    });

    const photo = await fetchBytes(operator, proof.body.photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('no-store');
    const photoMeta = await sharp(photo.bytes).metadata();
    expect([photoMeta.format, photoMeta.width, photoMeta.exif]).toEqual(['webp', 1600, undefined]);
    const thumbnail = await sharp((await fetchBytes(operator, proof.body.photoThumbnailUrl)).bytes).metadata();
    expect(thumbnail.width).toBe(400);
    const signature = await fetchBytes(operator, proof.body.signatureUrl);
    expect(signature.headers.get('content-type')).toBe('image/png');
    const signatureMeta = await sharp(signature.bytes).metadata();
    expect([signatureMeta.format, signatureMeta.width, signatureMeta.hasAlpha]).toEqual(['png', 300, false]);

    // Three new files, none of which the public /uploads serves, and none reachable without a session.
    const added = (await uploads()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(3);
    for (const name of added) expect((await testApp.client().get(`/uploads/${name}`)).status).toBe(404);
    expect((await fetchBytes(testApp.client(), proof.body.photoUrl)).status).toBe(401);
    expect((await testApp.client().get(`/api/admin/packages/${trackingCode}/proof`)).status).toBe(401);

    const tracked = await testApp.client().get(`/api/track/${trackingCode}`);
    expect(tracked.body.status).toBe('Delivered');
    expect(tracked.body.delivery).toEqual({ deliveredAt: proof.body.deliveredAt, receivedBy: 'K. M.' });

    // A package without a proof (most of them) answers null, not an error; an unknown one is a 404.
    const other = await acceptedPackage(testApp, operator);
    const none = await operator.get(`/api/admin/packages/${other.trackingCode}/proof`);
    expect([none.status, none.body, none.headers.get('cache-control')]).toEqual([200, null, 'no-store']);
    const unknown = await operator.get('/api/admin/packages/NOSUCHCODE23/proof');
    expect(unknown.status).toBe(404);
    expect(tracked.text).not.toMatch(/Kofi|Mensah|proof|signature|webp|png/i);

    const history = await auditOf(trackingCode);
    expect(
      history
        .map((entry) => entry.action)
        .slice(0, 2)
        .sort(),
    ).toEqual(['package.delivery_proof_recorded', 'package.status_changed']);
    // The receiver's name stays with the proof: the log, kept after the package is deleted, holds none.
    expect(history.find((entry) => entry.action === 'package.delivery_proof_recorded')?.after).toEqual({
      photo: true,
      signature: true,
    });
    expect(JSON.stringify(history)).not.toMatch(/Kofi|Mensah/);
  });

  it('records a name alone; a second proof replaces the first and removes its files', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const first = await record(
      proofForm(
        { trackingCode, receivedBy: 'Ama Serwaa' },
        { photo: await imageBytes(), signature: await signaturePng() },
      ),
    );
    expect(first.status).toBe(200);
    const withFirst = await uploads();

    const second = await record(proofForm({ trackingCode, receivedBy: 'Anne-Marie Dupont' }));
    expect(second.status).toBe(200);
    const proof = await operator.get(`/api/admin/packages/${trackingCode}/proof`);
    expect(proof.body).toMatchObject({ receivedBy: 'Anne-Marie Dupont', photoUrl: null, signatureUrl: null });
    expect((await operator.get(`/api/admin/packages/${trackingCode}/proof/photo`)).status).toBe(404);
    expect(await uploads()).toHaveLength(withFirst.length - 3);
    expect((await testApp.client().get(`/api/track/${trackingCode}`)).body.delivery.receivedBy).toBe('A.-M. D.');

    // Moved on from Delivered (a mistake corrected), the public page no longer says it was delivered.
    await operator.post('/api/admin/update-status', { trackingCode, status: 'Out for Delivery' });
    expect((await testApp.client().get(`/api/track/${trackingCode}`)).body.delivery).toBeNull();
  });

  describe('a package delivered again after it had moved on', () => {
    /** Delivered with a full proof, then moved on (the delivery failed after all): its code and the files before. */
    async function deliveredThenMovedOn() {
      const { trackingCode } = await acceptedPackage(testApp, operator);
      const before = await uploads();
      const form = proofForm(
        { trackingCode, receivedBy: 'Ama Serwaa' },
        { photo: await imageBytes(), signature: await signaturePng() },
      );
      expect((await record(form)).status).toBe(200);
      expect(await uploads()).toHaveLength(before.length + 3);
      await operator.post('/api/admin/update-status', { trackingCode, status: 'Out for Delivery' });
      // Kept while the package is on its way again: the operators still see what happened.
      expect((await operator.get(`/api/admin/packages/${trackingCode}/proof`)).body.receivedBy).toBe('Ama Serwaa');
      return { trackingCode, before };
    }

    it.each([
      [
        'its status',
        (trackingCode: string) => operator.post('/api/admin/update-status', { trackingCode, status: 'Delivered' }),
      ],
      [
        'a bulk action',
        (trackingCode: string) =>
          operator.post('/api/admin/bulk', { action: 'status', trackingCodes: [trackingCode], status: 'Delivered' }),
      ],
    ])('without a proof, through %s, no longer shows the earlier receiver, date or files', async (_, deliver) => {
      const { trackingCode, before } = await deliveredThenMovedOn();
      expect((await deliver(trackingCode)).status).toBe(200);

      const tracked = await testApp.client().get(`/api/track/${trackingCode}`);
      expect([tracked.body.status, tracked.body.delivery]).toEqual(['Delivered', null]);
      const gone = await operator.get(`/api/admin/packages/${trackingCode}/proof`);
      expect([gone.status, gone.body]).toEqual([200, null]);
      expect(await uploads()).toEqual(before);
      const removed = (await auditOf(trackingCode)).find((entry) => entry.action === 'package.delivery_proof_removed');
      expect(removed?.before).toEqual({ photo: true, signature: true });
    });

    it('with a new proof, keeps only the new one and its files', async () => {
      const { trackingCode, before } = await deliveredThenMovedOn();
      const again = await record(proofForm({ trackingCode, receivedBy: 'Kofi Mensah' }, { photo: await imageBytes() }));
      expect(again.status).toBe(200);
      expect((await testApp.client().get(`/api/track/${trackingCode}`)).body.delivery.receivedBy).toBe('K. M.');
      expect((await operator.get(`/api/admin/packages/${trackingCode}/proof`)).body).toMatchObject({
        receivedBy: 'Kofi Mensah',
        signatureUrl: null,
      });
      expect(await uploads()).toHaveLength(before.length + 2);
    });
  });

  it('stores a double click once: the same key replays the first answer', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const before = await uploads();
    const key = randomUUID().replaceAll('-', '');
    const photo = await imageBytes('jpeg');
    const signature = await signaturePng();
    const form = () => proofForm({ trackingCode, receivedBy: 'Kofi Mensah' }, { photo, signature });
    const [first, second] = await Promise.all([
      record(form(), { 'Idempotency-Key': key }),
      record(form(), { 'Idempotency-Key': key }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(await uploads()).toHaveLength(before.length + 3);
    const entries = (await auditOf(trackingCode)).filter((entry) => entry.action === 'package.delivery_proof_recorded');
    expect(entries).toHaveLength(1);
  });

  it('the crash-leftover sweep keeps every proof image and removes an unreferenced one', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await record(
      proofForm({ trackingCode, receivedBy: 'Kofi' }, { photo: await imageBytes(), signature: await signaturePng() }),
    );
    const orphan = `${randomUUID()}.signature.png`;
    await testApp.app.storage.put(orphan, await signaturePng(), 'image/png');
    const before = await uploads();
    const result = await sweepOrphanFiles(testApp.app, path.join(testApp.dataDir, 'tmp'));
    expect(result.images).toBe(1);
    expect(await uploads()).toEqual(before.filter((name) => name !== orphan));
    for (const kind of ['photo', 'thumbnail', 'signature']) {
      expect((await fetchBytes(operator, `/api/admin/packages/${trackingCode}/proof/${kind}`)).status).toBe(200);
    }
  });

  it('removes the proof images with the package', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const before = await readdir(path.join(testApp.dataDir, 'uploads'));
    await record(
      proofForm({ trackingCode, receivedBy: 'Kofi' }, { photo: await imageBytes(), signature: await signaturePng() }),
    );
    expect((await operator.delete(`/api/admin/packages/${trackingCode}`)).status).toBe(200);
    expect((await readdir(path.join(testApp.dataDir, 'uploads'))).sort()).toEqual(before.sort());
  });
});
