// Proof of delivery through the API, refused: a package that cannot be delivered, a bad name, a
// signature or photo that is not what it should be (an oversized signature refused as it streams), a
// JSON body and an over-long field; each stores nothing.
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_ROUTE, proofForm, signaturePng } from '../../../../test/support/delivery-proof-forms.ts';
import { acceptedPackage, imageBytes, submitPackage } from '../../../../test/support/factories.ts';
import type { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';

// Both databases: nothing stored, neither the rows nor the files.
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

  const uploads = async () => (await testApp.storedFiles()).uploads.sort();

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
      const pending = await submitPackage(testApp);
      await expectRefused(
        proofForm({ trackingCode: pending, receivedBy: 'K M' }, { photo: await imageBytes() }),
        409,
        'Accept or reject the package before changing its status',
      );
      const rejected = await submitPackage(testApp);
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
      const { trackingCode } = await acceptedPackage(testApp, operator);
      const response = await expectRefused(proofForm({ trackingCode, ...fields }), 400, message);
      expect(response.body.errors).toEqual({ receivedBy: message });
      expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.status).toBe('Order Placed');
    });

    it('refuses a signature that is not a PNG, too large or too big, and a photo that is not an image', async () => {
      const { trackingCode } = await acceptedPackage(testApp, operator);
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
      const { trackingCode } = await acceptedPackage(testApp, operator);
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
      const { trackingCode } = await acceptedPackage(testApp, operator);
      await expectRefused(
        proofForm({ trackingCode, receivedBy: 'é'.repeat(400) }),
        413,
        'Form field receivedBy is too long',
      );
    });
  });
});
