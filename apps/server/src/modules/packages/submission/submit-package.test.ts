import { NUMBER_TEXT_TOO_LONG } from '@waybill/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm } from '../../../../test/support/factories.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { type DatabaseKind, databasesFor } from '../../../../test/support/test-databases.ts';

// One database: refusals come from validation and the image checks, before the database.
describe.each(databasesFor('any'))('POST /api/submit-package on %s', (kind) => submitPackageTests(kind, 'refused'));
// Both databases: what is stored, in characters of several bytes, and numbers as each driver returns them.
describe.each(databasesFor('sql'))('POST /api/submit-package on %s', (kind) => submitPackageTests(kind, 'stored'));

function submitPackageTests(kind: DatabaseKind, part: 'refused' | 'stored') {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  const submit = (form: FormData, options: { xsrf?: boolean } = {}) =>
    testApp.client().request('POST', '/api/submit-package', { form, ...options });

  /** Nothing stored: no package in the console list, no image and no temporary file on disk. */
  async function expectNothingStored() {
    const operator = await testApp.operator();
    const list = await operator.get('/api/admin/packages');
    expect(list.body).toEqual([]);
    expect(await testApp.storedFiles()).toEqual({ uploads: [], tmp: [] });
  }

  if (part === 'refused') {
    describe('rejected submissions store nothing', () => {
      it('refuses without the anti-forgery header', async () => {
        const response = await submit(packageForm(), { xsrf: false });
        expect(response.status).toBe(403);
        await expectNothingStored();
      });

      it('names each missing field with its SPEC §5 message', async () => {
        const response = await submit(packageForm({}));
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('Name is required');
        expect(response.body.errors).toEqual({
          name: 'Name is required',
          email: 'Email is required',
          phone: 'Phone number is required',
          pickupLocation: 'Pickup location is required',
          rname: "Receiver's name is required",
          remail: "Receiver's email is required",
          rphone: "Receiver's phone number is required",
          destination: 'Destination is required',
          description: 'Package description is required',
          quantity: 'Minimum quantity is 1',
          weight: 'Minimum weight is 0.1kg',
          dimensionUnit: 'Dimension unit is required',
          length: 'Minimum length is 1',
          width: 'Minimum width is 1',
          height: 'Minimum height is 1',
        });
        await expectNothingStored();
      });

      it.each([
        ['email', 'not-an-email', 'Invalid email address'],
        ['remail', 'grace@', 'Invalid email address'],
        ['name', '   ', 'Name is required'],
        ['quantity', '0', 'Minimum quantity is 1'],
        ['quantity', 'many', 'Minimum quantity is 1'],
        ['weight', '0.05', 'Minimum weight is 0.1kg'],
        ['dimensionUnit', 'mm', 'Dimension unit is required'],
        ['length', '0.5', 'Minimum length is 1'],
        ['width', '-3', 'Minimum width is 1'],
        ['height', '', 'Minimum height is 1'],
      ])('refuses %s = %j with "%s"', async (field, value, message) => {
        const image = { name: 'ok.png', data: await imageBytes('png') };
        const response = await submit(packageForm(packageFields({ [field]: value }), [image]));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message, errors: { [field]: message } });
        await expectNothingStored();
      });

      it.each([
        ['quantity', `${'1'.repeat(65_000)}x`, NUMBER_TEXT_TOO_LONG],
        ['weight', '0'.repeat(40), NUMBER_TEXT_TOO_LONG],
        ['phone', '5'.repeat(41), 'Must be at most 40 characters'],
        ['phone', '5'.repeat(5_000), 'Must be at most 40 characters'],
        ['description', 'x'.repeat(5_001), 'Must be at most 5000 characters'],
        ['description', '語'.repeat(30_000), 'Must be at most 5000 characters'],
      ])('refuses %s longer than it may be (%#) with its message', async (field, value, message) => {
        const response = await submit(packageForm(packageFields({ [field]: value })));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message, errors: { [field]: message } });
        await expectNothingStored();
      });

      it('refuses a field it does not read when it is longer than 1 KB', async () => {
        const form = packageForm();
        form.append('notes', 'x'.repeat(2_000));
        const response = await submit(form);
        expect(response.status).toBe(413);
        expect(response.body).toEqual({ message: 'Form field notes is too long' });
        await expectNothingStored();
      });

      it('refuses a file that is not an image, naming it', async () => {
        const files = [
          { name: 'photo.png', data: await imageBytes('png') },
          { name: 'notes.exe', data: Buffer.from('MZ\x90\x00 this is not an image'), type: 'image/png' },
        ];
        const response = await submit(packageForm(packageFields(), files));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'notes.exe is not a supported image (JPEG, PNG, WebP, AVIF or GIF)' });
        await expectNothingStored();
      });

      it('refuses an SVG even when it claims to be a PNG', async () => {
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        );
        const response = await submit(packageForm(packageFields(), [{ name: 'logo.png', data: svg }]));
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('logo.png is not a supported image (JPEG, PNG, WebP, AVIF or GIF)');
        await expectNothingStored();
      });

      it('refuses a 6th image', async () => {
        const data = await imageBytes('png');
        const files = Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.png`, data }));
        const response = await submit(packageForm(packageFields(), files));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'At most 5 images can be uploaded' });
        await expectNothingStored();
      });

      it('refuses an 11 MB file', async () => {
        const big = Buffer.concat([await imageBytes('png'), Buffer.alloc(11 * 1024 * 1024)]);
        const response = await submit(packageForm(packageFields(), [{ name: 'huge.png', data: big }]));
        expect(response.status).toBe(413);
        expect(response.body).toEqual({ message: 'huge.png is larger than 10 MB' });
        await expectNothingStored();
      });

      it('refuses a decompression bomb (more than 40 megapixels)', async () => {
        const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
          .toColourspace('b-w')
          .png({ compressionLevel: 9 })
          .toBuffer();
        expect(bomb.length).toBeLessThan(1024 * 1024);
        const response = await submit(packageForm(packageFields(), [{ name: 'bomb.png', data: bomb }]));
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'bomb.png has too many pixels (at most 40 megapixels)' });
        await expectNothingStored();
      });

      it('refuses a JSON body with 415', async () => {
        const response = await testApp.client().post('/api/submit-package', packageFields());
        expect(response.status).toBe(415);
        expect(response.body).toEqual({ message: 'Expected a multipart/form-data body' });
        await expectNothingStored();
      });
    });
  }

  if (part === 'stored') {
    it('stores a package with images re-encoded as WebP, without metadata', async () => {
      const jpeg = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366aa' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret Corp', Artist: 'GPS 51.5N' } } })
        .toBuffer();
      const files = [
        { name: 'a.jpg', data: jpeg, type: 'image/jpeg' },
        { name: 'b.png', data: await imageBytes('png') },
        { name: 'c.webp', data: await imageBytes('webp') },
        { name: 'd.gif', data: await imageBytes('gif') },
        { name: 'e.avif', data: await imageBytes('avif') },
      ];
      const response = await submit(packageForm(packageFields(), files));
      expect(response.status).toBe(201);
      expect(response.body.message).toBe('Package submitted successfully');
      expect(response.body.status).toBe('Pending');
      expect(response.body.trackingCode).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(response.body.packageImages).toHaveLength(5);

      const first = await testApp.client().get(response.body.packageImages[0]);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/webp');
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(first.headers.get('x-content-type-options')).toBe('nosniff');

      const bytes = Buffer.from(
        await (await fetch(`${testApp.baseUrl}${response.body.packageImages[0]}`)).arrayBuffer(),
      );
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      // Orientation 6 applied (portrait now), bounded to 1600 px, EXIF gone.
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 800, height: 1600 });
      expect(metadata.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('Secret Corp'))).toBe(false);

      const operator = await testApp.operator();
      const stored = await operator.get(`/api/admin/packages/${response.body.trackingCode}`);
      expect(stored.body.packageThumbnails).toHaveLength(5);
      const thumbnail = await sharp(
        Buffer.from(await (await fetch(`${testApp.baseUrl}${stored.body.packageThumbnails[0]}`)).arrayBuffer()),
      ).metadata();
      expect(Math.max(thumbnail.width!, thumbnail.height!)).toBe(400);
      const { uploads, tmp } = await testApp.storedFiles();
      expect(uploads).toHaveLength(10);
      expect(tmp).toEqual([]);
    });

    it('takes every field at its longest, in characters of three and four bytes, padded with spaces', async () => {
      const longest = {
        name: '語'.repeat(200),
        phone: '😀'.repeat(20),
        pickupLocation: '語'.repeat(500),
        destination: '😀'.repeat(250),
        description: '語'.repeat(5_000),
        quantity: `${'0'.repeat(31)}7`,
        weight: `${'0'.repeat(27)}1.5e0`,
      };
      const padded = Object.fromEntries(Object.entries(longest).map(([key, value]) => [key, `  ${value}\n`]));
      const form = packageForm(packageFields(padded));
      form.append('notes', 'x'.repeat(1_000));
      const response = await submit(form);
      expect(response.status, response.text.slice(0, 200)).toBe(201);
      const operator = await testApp.operator();
      const stored = (await operator.get(`/api/admin/packages/${response.body.trackingCode}`)).body;
      expect(stored).toMatchObject({ ...longest, quantity: 7, weight: 1.5 });
    });

    it('stores a package without images; numbers arrive as numbers', async () => {
      const response = await submit(packageForm(packageFields({ quantity: '3', weight: '0.1', dimensionUnit: 'in' })));
      expect(response.status).toBe(201);
      const operator = await testApp.operator();
      const stored = await operator.get(`/api/admin/packages/${response.body.trackingCode}`);
      expect(stored.body).toMatchObject({
        quantity: 3,
        weight: 0.1,
        dimensionUnit: 'in',
        packageImages: [],
        locationUpdates: [],
      });
    });
  }
}
