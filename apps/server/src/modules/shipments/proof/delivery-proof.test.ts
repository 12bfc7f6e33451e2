// Proof of delivery through the API: the status change, the stored images (operators only, never
// /uploads), the refusals that store nothing, a repeated key, the audit entry, the crash-leftover
// sweep and the public tracking answer (initials only).
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedShipment, imageBytes, submitShipment } from '../../../../test/support/factories.ts';
import type { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { sweepOrphanFiles } from '../sweep/orphan-sweep.service.ts';

const PROOF_ROUTE = '/api/admin/proof-of-delivery';

/** A signature as a canvas exports it: black strokes on a transparent PNG. */
async function signaturePng(width = 300, height = 120): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 80 C 60 10, 120 110, 290 30" stroke="black" stroke-width="3" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function proofForm(
  fields: Record<string, string>,
  files: { photo?: Buffer; signature?: Buffer; extra?: [string, Buffer] } = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (files.photo) form.append('photo', new Blob([new Uint8Array(files.photo)], { type: 'image/jpeg' }), 'photo.jpg');
  if (files.signature) {
    form.append('signature', new Blob([new Uint8Array(files.signature)], { type: 'image/png' }), 'signature.png');
  }
  if (files.extra) form.append(files.extra[0], new Blob([new Uint8Array(files.extra[1])]), 'extra.bin');
  return form;
}

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
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
    const other = await acceptedShipment(testApp, operator);
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
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
      const { trackingCode } = await acceptedShipment(testApp, operator);
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

  describe('refusals store nothing', () => {
    async function expectRefused(form: FormData, status: number, message: string | RegExp) {
      const before = await uploads();
      const response = await record(form);
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
      expect(await uploads()).toEqual(before);
      expect((await testApp.storedFiles()).tmp).toEqual([]);
      return response;
    }

    it('refuses a Pending package like the status change, and a Rejected one', async () => {
      const pending = await submitShipment(testApp);
      await expectRefused(
        proofForm({ trackingCode: pending, receivedBy: 'K M' }, { photo: await imageBytes() }),
        409,
        'Accept or reject the package before changing its status',
      );
      const rejected = await submitShipment(testApp);
      await operator.post('/api/admin/reject', { trackingCode: rejected });
      await expectRefused(
        proofForm({ trackingCode: rejected, receivedBy: 'K M' }, { signature: await signaturePng() }),
        409,
        'A Rejected package cannot be delivered',
      );
      expect((await operator.get(`/api/admin/packages/${rejected}`)).body.status).toBe('Rejected');
      await expectRefused(proofForm({ trackingCode: 'ZZZZZZZZZZZZ', receivedBy: 'K M' }), 404, /Package not found/);
    });

    it.each([
      [{ receivedBy: '   ' }, 'Enter who received the package'],
      [{ receivedBy: 'x'.repeat(101) }, 'Must be at most 100 characters'],
      [{ receivedBy: 'Kofi\u0007Mensah' }, 'Received by cannot contain control characters'],
      [{ receivedBy: 'Kofi\u0085' }, 'Received by cannot contain control characters'],
    ])('refuses %j', async (fields, message) => {
      const { trackingCode } = await acceptedShipment(testApp, operator);
      const response = await expectRefused(proofForm({ trackingCode, ...fields }), 400, message);
      expect(response.body.errors).toEqual({ receivedBy: message });
      expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.status).toBe('Order Placed');
    });

    it('refuses a signature that is not a PNG, too large or too big, and a photo that is not an image', async () => {
      const { trackingCode } = await acceptedShipment(testApp, operator);
      const fields = { trackingCode, receivedBy: 'Kofi' };
      await expectRefused(
        proofForm(fields, { signature: await imageBytes('jpeg') }),
        400,
        'The signature must be a PNG image',
      );
      // PNG magic followed by garbage: the bytes say PNG, the decoder does not.
      const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
      await expectRefused(proofForm(fields, { signature: fake }), 400, 'The signature must be a PNG image');
      const noisy = await sharp(
        Buffer.alloc(800 * 400 * 3).map(() => Math.floor(Math.random() * 256)),
        {
          raw: { width: 800, height: 400, channels: 3 },
        },
      )
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noisy.length).toBeGreaterThan(512 * 1024);
      await expectRefused(proofForm(fields, { signature: noisy }), 413, 'The signature is larger than 512 KB');
      await expectRefused(
        proofForm(fields, { photo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }),
        400,
        'The photo is not a supported image (JPEG, PNG, WebP, AVIF or GIF)',
      );
      // A good photo with a bad signature: the photo is not kept either.
      await expectRefused(
        proofForm(fields, { photo: await imageBytes(), signature: fake }),
        400,
        'The signature must be a PNG image',
      );
      await expectRefused(
        proofForm(fields, { extra: ['packageImages', await imageBytes()] }),
        400,
        'Unexpected file field packageImages; send photo or signature',
      );
      const twoPhotos = proofForm(fields, { photo: await imageBytes() });
      twoPhotos.append('photo', new Blob([new Uint8Array(await imageBytes())]), 'again.png');
      await expectRefused(twoPhotos, 400, 'Send one photo at most');
      expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.status).toBe('Order Placed');
    });

    it('refuses an oversized signature with its own limit as it streams: none of it reaches the disk', {
      timeout: 120_000,
    }, async () => {
      const { trackingCode } = await acceptedShipment(testApp, operator);
      const before = await uploads();
      /** Bytes of every file under DATA_DIR/tmp now. */
      const bytesOnDisk = async () => {
        const tmp = path.join(testApp.dataDir, 'tmp');
        const entries = await readdir(tmp, { recursive: true, withFileTypes: true }).catch(() => []);
        const sizes = await Promise.all(
          entries
            .filter((entry) => entry.isFile())
            .map(async (entry) => (await stat(path.join(entry.parentPath, entry.name))).size),
        );
        return sizes.reduce((sum, size) => sum + size, 0);
      };
      // Sent as a phone would: the fields, then the signature a chunk at a time. Midway (three times
      // its limit sent), the server has written nothing; at the end it answers with the real limit.
      const sendSignature = async (totalBytes: number) => {
        const boundary = `----waybill-${randomUUID()}`;
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="trackingCode"\r\n\r\n${trackingCode}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="receivedBy"\r\n\r\nKofi Mensah\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="signature.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        );
        const chunk = Buffer.alloc(64 * 1024, 0x42);
        let onDiskMidway = -1;
        async function* body() {
          yield head;
          for (let sent = 0; sent < totalBytes; sent += chunk.length) {
            if (sent === 24 * chunk.length) {
              // 1.5 MB of it sent: give the server time to have written what it was going to.
              await new Promise((resolve) => setTimeout(resolve, 500));
              onDiskMidway = await bytesOnDisk();
            }
            yield chunk;
          }
          yield Buffer.from(`\r\n--${boundary}--\r\n`);
        }
        if (!operator.cookies.has('XSRF-TOKEN')) await operator.get('/api/health');
        const response = await fetch(`${testApp.baseUrl}${PROOF_ROUTE}`, {
          method: 'POST',
          headers: {
            cookie: operator.cookieHeader(),
            'x-xsrf-token': operator.cookies.get('XSRF-TOKEN')!,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          body: ReadableStream.from(body()),
          duplex: 'half',
        } as RequestInit);
        return { status: response.status, body: await response.json(), onDiskMidway };
      };

      for (const size of [2 * 1024 * 1024, 11 * 1024 * 1024]) {
        const answer = await sendSignature(size);
        expect(answer.status, `${size} bytes`).toBe(413);
        expect(answer.body).toEqual({ message: 'The signature is larger than 512 KB' });
        expect(answer.onDiskMidway, `${size} bytes`).toBe(0);
        expect((await testApp.storedFiles()).tmp).toEqual([]);
      }
      expect(await uploads()).toEqual(before);
      expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.status).toBe('Order Placed');
      const none = await operator.get(`/api/admin/packages/${trackingCode}/proof`);
      expect([none.status, none.body]).toEqual([200, null]);
    });

    it('refuses a JSON body and an over-long field', async () => {
      const json = await operator.post(PROOF_ROUTE, { trackingCode: 'X', receivedBy: 'Y' });
      expect(json.status).toBe(415);
      const { trackingCode } = await acceptedShipment(testApp, operator);
      await expectRefused(
        proofForm({ trackingCode, receivedBy: 'é'.repeat(400) }),
        413,
        'Form field receivedBy is too long',
      );
    });
  });

  it('stores a double click once: the same key replays the first answer', async () => {
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
    const { trackingCode } = await acceptedShipment(testApp, operator);
    const before = await readdir(path.join(testApp.dataDir, 'uploads'));
    await record(
      proofForm({ trackingCode, receivedBy: 'Kofi' }, { photo: await imageBytes(), signature: await signaturePng() }),
    );
    expect((await operator.delete(`/api/admin/packages/${trackingCode}`)).status).toBe(200);
    expect((await readdir(path.join(testApp.dataDir, 'uploads'))).sort()).toEqual(before.sort());
  });
});
