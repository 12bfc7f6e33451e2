import path from 'node:path';
import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import {
  inkBox,
  pageSizes,
  pageToPng,
  pdfFile,
  pdfText,
  readBarcodes,
  removePdfFiles,
  requestBytes,
  requirePdfTools,
  TEST_RESULTS_DIR,
  textBox,
} from '../../../test/support/pdf-tools.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const PUBLIC_URL = 'https://labels.waybill.test';
const COMPANY = 'Harbor Express';
const FOUR_BY_SIX = { width: 288, height: 432 };
const A4 = { width: 595.28, height: 841.89 };
const NOT_FOUND = 'Package not found. Please check the tracking code and try again.';
const PENDING = 'This package is Pending: accept it before printing its label';
const REJECTED = 'This package was rejected, so it has no label';

// One database: the PDF's content; the packages are read by code, as everywhere.
describe.each(databasesFor('any'))('shipping labels on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let accepted: PackageAnswer;
  const pictures = path.join(TEST_RESULTS_DIR, 'labels');

  beforeAll(async () => {
    requirePdfTools();
    testApp = await startTestApp(kind, { PUBLIC_URL, COMPANY_NAME: COMPANY });
    operator = await testApp.operator();
    accepted = await acceptedPackage(testApp, operator);
  });
  afterAll(async () => {
    await testApp?.close();
    await removePdfFiles();
  });

  const label = (code: string, query = '') =>
    requestBytes(operator, 'GET', `/api/admin/packages/${encodeURIComponent(code)}/label${query}`);
  const labels = (body: unknown) => requestBytes(operator, 'POST', '/api/admin/labels', body);

  it('answers one 4x6 page (288 × 432 pt) carrying everything a courier reads', async () => {
    const answer = await label(accepted.trackingCode.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`inline; filename="label-${accepted.trackingCode}.pdf"`);
    expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const file = await pdfFile(answer.bytes);
    expect(pageSizes(file)).toEqual([FOUR_BY_SIX]);
    const text = pdfText(file);
    const acceptedOn = new Date(Date.parse(accepted.estimatedDelivery!) - 5 * 86_400_000).toISOString().slice(0, 10);
    for (const expected of [
      COMPANY,
      accepted.trackingCode,
      accepted.name,
      accepted.phone,
      accepted.pickupLocation,
      accepted.rname,
      accepted.rphone,
      accepted.destination,
      '1.5 kg',
      '30 × 20 × 10 cm',
      acceptedOn,
    ]) {
      expect(text).toContain(expected);
    }
    // The link wraps where its line ends.
    expect(text.split(/\s+/).join('')).toContain(`${PUBLIC_URL}/track/${accepted.trackingCode}`);
    expect(text.split('DIMENSIONS')[1]?.trim().startsWith('2')).toBe(true); // the quantity, first of its row
  });

  it('prints barcodes that scan: Code 128 gives the code, the QR code the tracking page, at 203 and 96 dpi', async () => {
    const file = await pdfFile((await label(accepted.trackingCode)).bytes);
    const expected = [`CODE-128:${accepted.trackingCode}`, `QR-Code:${PUBLIC_URL}/track/${accepted.trackingCode}`];
    // 203 dpi is a thermal label printer; 96 dpi a PDF shown at 100 % on a screen or a phone (CSS
    // pixels). At 72 dpi the 1.4 pt bars are 1.4 pixels and zbar read 85–100 % of random codes.
    for (const dpi of [203, 96]) {
      const png = await pageToPng(file, 1, dpi, pictures, `label-4x6-${dpi}dpi-${kind}`);
      expect(readBarcodes(png), `${dpi} dpi`).toEqual(expected);
    }
  });

  it('puts four labels on an A4 sheet: five packages give two pages, in the order asked', async () => {
    const packages = [accepted, ...(await Promise.all([1, 2, 3, 4].map(() => acceptedPackage(testApp, operator))))];
    const codes = packages.map((pkg) => pkg.trackingCode);
    const answer = await labels({ trackingCodes: codes, size: 'a4' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="labels-\d{4}-\d{2}-\d{2}-5\.pdf"$/);

    const file = await pdfFile(answer.bytes);
    expect(pageSizes(file)).toEqual([A4, A4]);
    const first = pdfText(file, 1);
    const positions = codes.slice(0, 4).map((code) => first.indexOf(code));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(first).not.toContain(codes[4]);
    expect(pdfText(file, 2)).toContain(codes[4]);

    const png = await pageToPng(file, 1, 150, pictures, `labels-a4-150dpi-${kind}`);
    expect(readBarcodes(png)).toEqual(
      [
        ...codes.slice(0, 4).map((code) => `CODE-128:${code}`),
        ...codes.slice(0, 4).map((code) => `QR-Code:${PUBLIC_URL}/track/${code}`),
      ].sort(),
    );
  });

  it('keeps 10 mm of white paper around all the ink of an A4 sheet, cut lines included', async () => {
    const codes = [accepted, ...(await Promise.all([1, 2, 3].map(() => acceptedPackage(testApp, operator))))].map(
      (pkg) => pkg.trackingCode,
    );
    const file = await pdfFile((await labels({ trackingCodes: codes, size: 'a4' })).bytes);
    const tenMillimetres = (10 / 25.4) * 72; // 28.35 pt
    const within = (box: { left: number; top: number; right: number; bottom: number }, slack: number) => {
      expect(box.left).toBeGreaterThanOrEqual(tenMillimetres - slack);
      expect(box.top).toBeGreaterThanOrEqual(tenMillimetres - slack);
      expect(A4.width - box.right).toBeGreaterThanOrEqual(tenMillimetres - slack);
      expect(A4.height - box.bottom).toBeGreaterThanOrEqual(tenMillimetres - slack);
    };
    // The words as laid out, to a hundredth of a point, and every mark as drawn, to the pixel (a point).
    within(textBox(file, 1), 0);
    within(inkBox(file, 1), 1);
  });

  it('prints one 4x6 page per code asked, repeats included, and one A4 sheet for a single A4 label', async () => {
    const other = await acceptedPackage(testApp, operator);
    const codes = [other.trackingCode, accepted.trackingCode, other.trackingCode];
    const file = await pdfFile((await labels({ trackingCodes: codes })).bytes);
    expect(pageSizes(file)).toEqual([FOUR_BY_SIX, FOUR_BY_SIX, FOUR_BY_SIX]);
    for (const [index, code] of codes.entries()) expect(pdfText(file, index + 1)).toContain(code);

    const a4 = await label(accepted.trackingCode, '?size=a4');
    expect(a4.status).toBe(200);
    expect(pageSizes(await pdfFile(a4.bytes))).toEqual([A4]);
  });

  it('refuses a label for a Pending (409) or Rejected (409) package and an unknown code (404)', async () => {
    const pending = await submitPackage(testApp);
    const rejected = await submitPackage(testApp);
    expect((await operator.post('/api/admin/reject', { trackingCode: rejected })).status).toBe(200);

    expect(await label(pending)).toMatchObject({ status: 409, json: { message: PENDING } });
    expect(await label(rejected)).toMatchObject({ status: 409, json: { message: REJECTED } });
    expect(await label('NOSUCHCODE')).toMatchObject({ status: 404, json: { message: NOT_FOUND } });
    expect(await label(accepted.trackingCode, '?size=letter')).toMatchObject({
      status: 400,
      json: { message: 'Size must be 4x6 or a4' },
    });
  });

  it('refuses the whole batch with a 400 naming every code that cannot have a label', async () => {
    const pending = await submitPackage(testApp);
    const rejected = await submitPackage(testApp);
    await operator.post('/api/admin/reject', { trackingCode: rejected });
    const answer = await labels({ trackingCodes: [accepted.trackingCode, pending, 'nosuchcode', rejected] });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      message: `No label can be printed for ${pending} (Pending), NOSUCHCODE (not found), ${rejected} (Rejected)`,
      errors: { 'trackingCodes.1': PENDING, 'trackingCodes.2': NOT_FOUND, 'trackingCodes.3': REJECTED },
    });
  });

  it('names at most ten refused codes in the message and every one in errors', async () => {
    const unknown = Array.from({ length: 12 }, (_, index) => `UNKNOWN${index}`);
    const answer = await labels({ trackingCodes: unknown });
    expect(answer.status).toBe(400);
    expect(answer.json?.message).toMatch(/UNKNOWN9 \(not found\) and 2 more$/);
    expect(Object.keys(answer.json?.errors ?? {})).toHaveLength(12);
  });

  it.each([
    ['no code', { trackingCodes: [] }, 'Name from 1 to 500 tracking codes'],
    ['501 codes', { trackingCodes: Array.from({ length: 501 }, () => 'ABC') }, 'Name from 1 to 500 tracking codes'],
    ['a code that is not a list', { trackingCodes: 'ABC' }, 'Name from 1 to 500 tracking codes'],
    ['a blank code', { trackingCodes: ['  '] }, 'Please enter a tracking code.'],
    ['an unknown size', { trackingCodes: ['ABC'], size: 'letter' }, 'Size must be 4x6 or a4'],
  ])('refuses a batch with %s', async (_name, body, message) => {
    const answer = await labels(body);
    expect(answer.status).toBe(400);
    expect(answer.json?.message).toBe(message);
  });

  it('needs a signed-in operator, and the anti-forgery header for the batch', async () => {
    const stranger = testApp.client();
    const single = await requestBytes(stranger, 'GET', `/api/admin/packages/${accepted.trackingCode}/label`);
    expect(single).toMatchObject({ status: 401, json: { message: 'Please sign in to continue.' } });
    const batch = await requestBytes(stranger, 'POST', '/api/admin/labels', { trackingCodes: [accepted.trackingCode] });
    expect(batch.status).toBe(401);
    const forged = await operator.post(
      '/api/admin/labels',
      { trackingCodes: [accepted.trackingCode] },
      { xsrf: false },
    );
    expect(forged.status).toBe(403);
  });

  it('prints non-Latin names with an embedded font, and says so when a character cannot be printed', async () => {
    const fields = packageFields({ name: 'Иван Петров', rname: 'Ελένη Παπαδοπούλου', destination: '東京都 1-1' });
    const code = await submitPackage(testApp, fields);
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    const answer = await label(code);
    expect(answer.status).toBe(200);
    const file = await pdfFile(answer.bytes);
    const text = pdfText(file);
    expect(text).toContain('Иван Петров');
    expect(text).toContain('Ελένη Παπαδοπούλου');
    // DejaVu Sans has no Japanese: those characters print as "?" and the label says why.
    expect(text).toContain('??? 1-1');
    expect(text).toContain('"?" marks characters this label could not print.');
    await pageToPng(file, 1, 203, pictures, `label-non-latin-${kind}`);
  });

  // Timing goals (150 ms for one, 3 s for 100) live in `npm run bench -- --only labels`, not here.
  it('prints 100 labels as one 100-page PDF', async () => {
    const hundred = await labels({ trackingCodes: Array.from({ length: 100 }, () => accepted.trackingCode) });
    expect(hundred.status).toBe(200);
    expect(pageSizes(await pdfFile(hundred.bytes))).toHaveLength(100);
  });
});
