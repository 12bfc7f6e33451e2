import { generateTrackingCode } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../test/support/csv.ts';
import { acceptedPackage, imageBytes, packageFields, submitPackage } from '../../../../test/support/factories.ts';
import type { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import type { Database } from '../../../db/client.ts';
import { packages } from '../../../db/schema/index.ts';
import { EXPORT_COLUMNS, exportPackages } from './package-export.service.ts';

const HEADER = [
  'Tracking code',
  'Status',
  'Shipper name',
  'Shipper email',
  'Shipper phone',
  'Pickup location',
  'Receiver name',
  'Receiver email',
  'Receiver phone',
  'Destination',
  'Description',
  'Quantity',
  'Weight (kg)',
  'Dimension unit',
  'Length',
  'Width',
  'Height',
  'Created',
  'Estimated delivery',
  'Image count',
  'Image URLs',
  'Last location',
  'Last location time',
  'Last updated',
];

/** Stores `count` packages straight into the database, all created at the same instant (ties on purpose). */
async function seedPackages(db: Database, count: number, prefix: string, createdAt = new Date()) {
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, offset) => ({
      trackingCode: generateTrackingCode(),
      status: 'Order Placed',
      name: `${prefix} ${start + offset}`,
      email: 'bulk@example.com',
      phone: '555 0100',
      pickupLocation: 'Dock 1',
      receiverName: 'Receiver',
      receiverEmail: 'receiver@example.org',
      receiverPhone: '555 0101',
      destination: 'Market Square',
      description: 'Boxes',
      quantity: 1,
      weight: 2.5,
      dimensionUnit: 'cm',
      length: 10,
      width: 10,
      height: 10,
      createdAt,
    }));
    await db.insert(packages).values(rows);
  }
}

// Both databases: the CSV streams from a cursor.
describe.each(databasesFor('sql'))('GET /api/admin/packages.csv on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  const exportCsv = async (query = '') => {
    const answer = await operator.get(`/api/admin/packages.csv${query}`);
    expect(answer.status).toBe(200);
    // fetch's text() drops the byte-order mark, as a spreadsheet does.
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual(HEADER);
    const byCode = new Map(rows.map((row) => [row[0]!, Object.fromEntries(HEADER.map((name, i) => [name, row[i]]))]));
    return { answer, rows, byCode };
  };

  it('needs a session', async () => {
    const answer = await testApp.client().get('/api/admin/packages.csv');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Please sign in to continue.' });
  });

  it('answers a UTF-8 CSV attachment with a header row and every field of each package', async () => {
    const fields = packageFields({ name: 'Zoë Ünicode' });
    const trackingCode = await submitPackage(testApp, fields, [
      { name: 'a.png', data: await imageBytes('png') },
      { name: 'b.png', data: await imageBytes('png') },
    ]);
    await operator.post('/api/admin/accept', { trackingCode });
    await operator.post('/api/admin/location-update', { trackingCode, location: 'Oakland hub' });
    await operator.post('/api/admin/location-update', { trackingCode, location: 'London depot' });
    const view = (await operator.get(`/api/admin/packages/${trackingCode}`)).body;

    const { answer, byCode } = await exportCsv();
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="packages-${today}.csv"`);
    expect(answer.text).toContain('\r\n');
    // A byte-order mark first, so that a spreadsheet reads the file as UTF-8.
    const raw = await fetch(`${testApp.baseUrl}/api/admin/packages.csv`, {
      headers: { cookie: operator.cookieHeader() },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'T'.charCodeAt(0)]);
    const head = await operator.request('HEAD', '/api/admin/packages.csv');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toBe(`attachment; filename="packages-${today}.csv"`);
    expect(byCode.get(trackingCode)).toEqual({
      'Tracking code': trackingCode,
      Status: 'Order Placed',
      'Shipper name': 'Zoë Ünicode',
      'Shipper email': fields.email,
      'Shipper phone': `'${fields.phone}`,
      'Pickup location': fields.pickupLocation,
      'Receiver name': fields.rname,
      'Receiver email': fields.remail,
      'Receiver phone': `'${fields.rphone}`,
      Destination: fields.destination,
      Description: fields.description,
      Quantity: '2',
      'Weight (kg)': '1.5',
      'Dimension unit': 'cm',
      Length: '30',
      Width: '20',
      Height: '10',
      Created: view.createdAt,
      'Estimated delivery': view.estimatedDelivery,
      'Image count': '2',
      'Image URLs': view.packageImages.join(' '),
      'Last location': 'London depot',
      'Last location time': view.locationUpdates[1].timestamp,
      'Last updated': view.updatedAt,
    });
  });

  it('keeps quotes, commas and line breaks of a field, and neutralises formulas', async () => {
    const trackingCode = await submitPackage(
      testApp,
      packageFields({
        name: '=HYPERLINK("https://evil.example","open me")',
        pickupLocation: '@SUM(1,2)',
        destination: '-1+2',
        description: 'Two "fragile" vases, wrapped;\nhandle with care,\r\nplease',
      }),
    );
    const { byCode, answer } = await exportCsv();
    const row = byCode.get(trackingCode)!;
    // The form's multipart encoding sends every line break as CRLF; the export keeps what was stored.
    const stored = 'Two "fragile" vases, wrapped;\r\nhandle with care,\r\nplease';
    expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.description).toBe(stored);
    expect(row['Shipper name']).toBe(`'=HYPERLINK("https://evil.example","open me")`);
    expect(row['Pickup location']).toBe("'@SUM(1,2)");
    expect(row.Destination).toBe("'-1+2");
    expect(row.Description).toBe(stored);
    expect(answer.text).toContain('"Two ""fragile"" vases, wrapped;\r\nhandle with care,\r\nplease"');
  });

  it('honours the search text and the status filter, newest first', async () => {
    const pending = await submitPackage(testApp, packageFields({ name: 'Quincy Exportfilter' }));
    const accepted = (await acceptedPackage(testApp, operator)).trackingCode;
    const { rows } = await exportCsv('?q=exportFILTER');
    expect(rows.map((row) => row[0])).toEqual([pending]);
    const pendingOnly = await exportCsv('?status=Pending');
    expect(pendingOnly.byCode.has(pending)).toBe(true);
    expect(pendingOnly.byCode.has(accepted)).toBe(false);
    expect(pendingOnly.rows.every((row) => row[1] === 'Pending')).toBe(true);
    const all = await exportCsv();
    const codes = all.rows.map((row) => row[0]);
    expect(codes.indexOf(accepted)).toBeLessThan(codes.indexOf(pending));
    expect((await exportCsv('?q=%25')).rows).toEqual([]);
    const tooLong = await operator.get(`/api/admin/packages.csv?q=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
  });

  it('exports exactly the listed codes, in any case, and refuses an empty or over-long list with a 400', async () => {
    const first = await submitPackage(testApp, packageFields({ name: 'Chosen One' }));
    const second = (await acceptedPackage(testApp, operator)).trackingCode;
    const left = await submitPackage(testApp, packageFields({ name: 'Chosen Not' }));
    const { rows } = await exportCsv(`?codes=${first.toLowerCase()},%20${second},${first},NOSUCHCODE23`);
    expect(rows.map((row) => row[0])).toEqual([second, first]);
    expect(rows.map((row) => row[0])).not.toContain(left);
    // The search and status filter still narrow the chosen codes.
    expect((await exportCsv(`?codes=${first},${second}&status=Pending`)).rows.map((row) => row[0])).toEqual([first]);

    const empty = await operator.get('/api/admin/packages.csv?codes=%20,,');
    expect([empty.status, empty.body]).toEqual([
      400,
      {
        message: 'List at least one tracking code, separated by commas',
        errors: { codes: 'List at least one tracking code, separated by commas' },
      },
    ]);
    const many = Array.from({ length: 501 }, (_, index) => `CODE${index}`).join(',');
    const tooMany = await operator.get(`/api/admin/packages.csv?codes=${many}`);
    expect([tooMany.status, tooMany.body.errors]).toEqual([
      400,
      { codes: 'Export at most 500 chosen packages at a time' },
    ]);
    const longCode = await operator.get(`/api/admin/packages.csv?codes=${'A'.repeat(65)}`);
    expect([longCode.status, longCode.body.errors]).toEqual([
      400,
      { codes: 'A tracking code has at most 64 characters' },
    ]);
    // Five hundred codes of the real length fit in the query string.
    const fiveHundred = Array.from({ length: 500 }, (_, index) => `X${String(index).padStart(11, '0')}`);
    const most = await exportCsv(`?codes=${[first, ...fiveHundred.slice(1)].join(',')}`);
    expect(most.rows.map((row) => row[0])).toEqual([first]);
  });

  it('reads every row once across batches, ties on the creation time included', async () => {
    await seedPackages(testApp.app.db, 53, 'Batchtie', new Date('2030-01-01T00:00:00.000Z'));
    const seen: string[] = [];
    for await (const row of exportPackages(testApp.app, { q: 'batchtie' }, 7)) seen.push(String(row.trackingCode));
    expect(seen).toHaveLength(53);
    expect(new Set(seen).size).toBe(53);
    expect(Object.keys((await exportPackages(testApp.app, {}, 7).next()).value!)).toEqual(
      EXPORT_COLUMNS.map((column) => column.key),
    );
  });

  it('streams a large export in chunks: 5,000 packages', async () => {
    await seedPackages(testApp.app.db, 5000, 'Bigexport');
    const started = performance.now();
    const answer = await operator.get('/api/admin/packages.csv?q=bigexport');
    const elapsed = performance.now() - started;
    console.info(`5,000-row export on ${kind}: ${Math.round(elapsed)} ms, ${answer.text.length} characters`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.headers.get('content-length')).toBeNull();
    const rows = parseCsv(answer.text).slice(1);
    expect(rows).toHaveLength(5000);
    expect(new Set(rows.map((row) => row[0])).size).toBe(5000);
  }, 120_000);
});
