import type { PackageAnswer } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, imageBytes, packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

const NOT_FOUND = 'Package not found. Please check the tracking code and try again.';

// Both databases: status changes are transactions with their event rows.
describe.each(databasesFor('sql'))('console package routes on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  describe('without a session or anti-forgery header', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/packages'],
      ['GET', '/api/admin/package-stats'],
      ['GET', '/api/admin/packages/ABC'],
      ['POST', '/api/admin/accept', { trackingCode: 'ABC' }],
      ['POST', '/api/admin/reject', { trackingCode: 'ABC' }],
      ['POST', '/api/admin/update-status', { trackingCode: 'ABC', status: 'Shipped' }],
      ['POST', '/api/admin/location-update', { trackingCode: 'ABC', location: 'Lagos' }],
      ['DELETE', '/api/admin/location-update', { trackingCode: 'ABC', timestamp: new Date().toISOString() }],
      ['DELETE', '/api/admin/packages/ABC'],
    ];

    it.each(calls)('%s %s answers 401 without a session', async (method, path, json) => {
      const response = await testApp.client().request(method, path, { json });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please sign in to continue.' });
    });

    it.each(calls.filter(([method]) => method !== 'GET'))(
      '%s %s answers 403 without the anti-forgery header',
      async (method, path, json) => {
        const response = await operator.request(method, path, { json, xsrf: false });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ message: 'Missing or invalid anti-forgery token' });
      },
    );
  });

  it('accepts a Pending package: Order Placed, delivery estimated 5 days later; accepting again is a 409', async () => {
    const trackingCode = await submitPackage(testApp);
    const before = Date.now();
    const response = await operator.post<PackageAnswer>('/api/admin/accept', {
      trackingCode: ` ${trackingCode.toLowerCase()} `,
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('Order Placed');
    const estimate = Date.parse(response.body.estimatedDelivery!);
    expect(estimate - before).toBeGreaterThanOrEqual(5 * 86_400_000 - 1000);
    expect(estimate - before).toBeLessThan(5 * 86_400_000 + 60_000);

    const again = await operator.post('/api/admin/accept', { trackingCode });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Only a Pending package can be accepted' });
    const reject = await operator.post('/api/admin/reject', { trackingCode });
    expect(reject.status).toBe(409);
    expect(reject.body).toEqual({ message: 'Only a Pending package can be rejected' });
  });

  it('rejects a Pending package', async () => {
    const trackingCode = await submitPackage(testApp);
    const response = await operator.post('/api/admin/reject', { trackingCode });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('Rejected');
    expect(response.body.estimatedDelivery).toBeNull();
  });

  it.each(['/api/admin/accept', '/api/admin/reject'])('%s: blank code is a 400, unknown a 404', async (path) => {
    const blank = await operator.post(path, { trackingCode: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({
      message: 'Please enter a tracking code.',
      errors: { trackingCode: 'Please enter a tracking code.' },
    });
    const missing = await operator.post(path, {});
    expect(missing.body.errors).toEqual({ trackingCode: 'Please enter a tracking code.' });
    const wrongType = await operator.post(path, { trackingCode: 42 });
    expect(wrongType.status).toBe(400);
    const unknown = await operator.post(path, { trackingCode: 'NOPE22222222' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: NOT_FOUND });
  });

  it('changes the status of an accepted package to a listed or custom status', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const shipped = await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe('Shipped');
    const custom = await operator.post('/api/admin/update-status', { trackingCode, status: '  Held at customs  ' });
    expect(custom.body.status).toBe('Held at customs');
  });

  it('refuses a blank status, the "Custom Status" placeholder, a Pending package and an unknown code', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const blank = await operator.post('/api/admin/update-status', { trackingCode, status: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Enter a custom status', errors: { status: 'Enter a custom status' } });
    const placeholder = await operator.post('/api/admin/update-status', { trackingCode, status: 'Custom Status' });
    expect(placeholder.status).toBe(400);
    expect(placeholder.body.message).toBe('Enter a custom status');

    const pending = await submitPackage(testApp);
    const early = await operator.post('/api/admin/update-status', { trackingCode: pending, status: 'Shipped' });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: 'Accept or reject the package before changing its status' });
    const unknown = await operator.post('/api/admin/update-status', {
      trackingCode: 'NOPE22222222',
      status: 'Shipped',
    });
    expect(unknown.status).toBe(404);
  });

  it('adds and deletes location updates by timestamp', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const added = await operator.post<PackageAnswer>('/api/admin/location-update', {
      trackingCode,
      location: ' Lagos hub ',
    });
    expect(added.status).toBe(201);
    expect(added.body.locationUpdates).toHaveLength(1);
    expect(added.body.locationUpdates[0]!.location).toBe('Lagos hub');
    await operator.post('/api/admin/location-update', { trackingCode, location: 'Accra' });

    const [first] = added.body.locationUpdates;
    const removed = await operator.delete<PackageAnswer>('/api/admin/location-update', {
      trackingCode,
      timestamp: first!.timestamp,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.locationUpdates.map((update) => update.location)).toEqual(['Accra']);

    const again = await operator.delete('/api/admin/location-update', { trackingCode, timestamp: first!.timestamp });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'No location update has that timestamp' });
  });

  it('refuses a blank location and a bad timestamp', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const blank = await operator.post('/api/admin/location-update', { trackingCode, location: '' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Enter a location update', errors: { location: 'Enter a location update' } });
    const badTime = await operator.delete('/api/admin/location-update', { trackingCode, timestamp: 'yesterday' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors).toEqual({ timestamp: 'Timestamp must be an ISO date-time' });
    const unknown = await operator.post('/api/admin/location-update', { trackingCode: 'NOPE22222222', location: 'x' });
    expect(unknown.status).toBe(404);
  });

  // The database cannot hold these instants: year 0 answered 500.
  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59.999-23:59'])(
    'refuses to delete at %s, outside the dates it keeps, with a message',
    async (timestamp) => {
      const { trackingCode } = await acceptedPackage(testApp, operator);
      const answer = await operator.delete('/api/admin/location-update', { trackingCode, timestamp });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: 'Timestamp must be between 1970-01-01 and 9999-12-31',
        errors: { timestamp: 'Timestamp must be between 1970-01-01 and 9999-12-31' },
      });
    },
  );

  it('shows one package with everything, and 404 for an unknown code', async () => {
    const fields = packageFields();
    const trackingCode = await submitPackage(testApp, fields);
    const response = await operator.get<PackageAnswer>(`/api/admin/packages/${trackingCode.toLowerCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      trackingCode,
      name: fields.name,
      remail: fields.remail,
      status: 'Pending',
      quantity: 2,
    });
    expect(response.body._id).toMatch(/^[0-9a-f-]{36}$/);
    const unknown = await operator.get('/api/admin/packages/NOPE22222222');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: NOT_FOUND });
  });

  it('deletes a package permanently, with its images', async () => {
    const files = [{ name: 'a.png', data: await imageBytes('png') }];
    const trackingCode = await submitPackage(testApp, packageFields(), files);
    const before = (await testApp.storedFiles()).uploads.length;
    const response = await operator.delete(`/api/admin/packages/${trackingCode}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: `Package ${trackingCode} was permanently removed`, trackingCode });
    expect((await testApp.storedFiles()).uploads.length).toBe(before - 2);
    expect((await operator.get(`/api/admin/packages/${trackingCode}`)).status).toBe(404);
    expect((await testApp.client().get(`/api/track/${trackingCode}`)).status).toBe(404);
    expect((await operator.delete(`/api/admin/packages/${trackingCode}`)).status).toBe(404);
  });
});

// Both databases: paging, search and counts by status are queries.
describe.each(databasesFor('sql'))('GET /api/admin/packages pagination and search on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  const codes: string[] = [];
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    for (let index = 0; index < 5; index++) {
      codes.push(
        await submitPackage(testApp, packageFields({ name: index === 2 ? 'Zelda Quartermain' : `Sender ${index}` })),
      );
    }
    await operator.post('/api/admin/accept', { trackingCode: codes[1] });
    await operator.post('/api/admin/reject', { trackingCode: codes[3] });
  });
  afterAll(() => testApp?.close());

  it('lists newest first with paging headers and a next link', async () => {
    const page1 = await operator.get<PackageAnswer[]>('/api/admin/packages?pageSize=2');
    expect(page1.status).toBe(200);
    expect(page1.body.map((item) => item.trackingCode)).toEqual([codes[4], codes[3]]);
    expect(page1.headers.get('x-total-count')).toBe('5');
    expect(page1.headers.get('x-page')).toBe('1');
    expect(page1.headers.get('x-page-size')).toBe('2');
    expect(page1.headers.get('x-next-page')).toBe('2');
    expect(page1.headers.get('link')).toBe('</api/admin/packages?page=2&pageSize=2>; rel="next"');

    const page3 = await operator.get<PackageAnswer[]>('/api/admin/packages?pageSize=2&page=3');
    expect(page3.body.map((item) => item.trackingCode)).toEqual([codes[0]]);
    expect(page3.headers.get('x-next-page')).toBeNull();
    expect(page3.headers.get('link')).toBeNull();
  });

  it('defaults to 24 a page', async () => {
    const response = await operator.get('/api/admin/packages');
    expect(response.body).toHaveLength(5);
    expect(response.headers.get('x-page-size')).toBe('24');
  });

  it('refuses a page size over 100 or below 1, or not a decimal whole number', async () => {
    for (const pageSize of ['101', '0', 'lots', '-0', '0x10', '1e400', '2.5']) {
      const response = await operator.get(`/api/admin/packages?pageSize=${pageSize}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('pageSize must be a whole number from 1 to 100');
    }
    for (const page of ['0', '1e400', '1000001', '1.5']) {
      const response = await operator.get(`/api/admin/packages?page=${page}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('page must be a whole number from 1 to 1000000');
    }
  });

  it('searches names, e-mails, phones and tracking codes, case-insensitively', async () => {
    const byName = await operator.get<PackageAnswer[]>('/api/admin/packages?q=zelda');
    expect(byName.body.map((item) => item.trackingCode)).toEqual([codes[2]]);
    const byCode = await operator.get<PackageAnswer[]>(`/api/admin/packages?q=${codes[0]!.toLowerCase()}`);
    expect(byCode.body.map((item) => item.trackingCode)).toEqual([codes[0]]);
    const byEmail = await operator.get<PackageAnswer[]>(`/api/admin/packages?q=${encodeURIComponent('@EXAMPLE.org')}`);
    expect(byEmail.body).toHaveLength(5);
    const wildcard = await operator.get<PackageAnswer[]>('/api/admin/packages?q=%25');
    expect(wildcard.body).toEqual([]);
    expect(wildcard.headers.get('x-total-count')).toBe('0');
  });

  it('filters by status and counts by status', async () => {
    const pending = await operator.get<PackageAnswer[]>('/api/admin/packages?status=Pending');
    expect(pending.body).toHaveLength(3);
    expect(pending.headers.get('x-total-count')).toBe('3');
    const stats = await operator.get('/api/admin/package-stats');
    expect(stats.body).toEqual({ total: 5, byStatus: { Pending: 3, 'Order Placed': 1, Rejected: 1 } });
  });
});
