import { type PackageAnswer, trackResultSchema } from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, packageFields, submitPackage } from '../../../test/support/factories.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// Both databases: the answer is built as JSON by the query.
describe.each(databasesFor('sql'))('GET /api/track/:code on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  it('shows status, estimated delivery and locations, with no personal data', async () => {
    const operator = await testApp.operator();
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await operator.post('/api/admin/location-update', { trackingCode, location: 'Oakland depot' });
    await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });

    const response = await testApp.client().get(`/api/track/${trackingCode}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      'attempt',
      'delivery',
      'estimatedDelivery',
      'late',
      'locationUpdates',
      'status',
      'stopsAway',
      'trackingCode',
      'trackingNumber',
    ]);
    expect(response.body).toMatchObject({
      trackingNumber: trackingCode,
      trackingCode,
      status: 'Shipped',
      attempt: null,
      stopsAway: null,
    });
    expect(Date.parse(response.body.estimatedDelivery)).toBeGreaterThan(Date.now());
    expect(response.body.locationUpdates).toEqual([{ location: 'Oakland depot', timestamp: expect.any(String) }]);
    expect(response.text).not.toMatch(/example\.(com|org)|Shipper|Receiver|Dock Street/);
  });

  it('lists every update oldest first with the same ISO times the console shows', async () => {
    const operator = await testApp.operator();
    const { trackingCode } = await acceptedPackage(testApp, operator);
    for (const location of ['Oakland depot', 'Reno hub', 'Denver "north" hub'])
      await operator.post('/api/admin/location-update', { trackingCode, location });
    const stored = (await operator.get<PackageAnswer>(`/api/admin/packages/${trackingCode}`)).body;

    const response = await testApp.client().get(`/api/track/${trackingCode}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = trackResultSchema.parse(response.body);
    expect(body.estimatedDelivery).toBe(stored.estimatedDelivery);
    expect(body.locationUpdates).toEqual(
      stored.locationUpdates.map(({ location, timestamp }) => ({ location, timestamp })),
    );
    expect(body.locationUpdates.map((update) => update.location)).toEqual([
      'Oakland depot',
      'Reno hub',
      'Denver "north" hub',
    ]);
  });

  it('finds a code typed in lower case with spaces around it', async () => {
    const trackingCode = await submitPackage(testApp, packageFields());
    const response = await testApp.client().get(`/api/track/${encodeURIComponent(`  ${trackingCode.toLowerCase()} `)}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      trackingCode,
      status: 'Pending',
      estimatedDelivery: null,
      locationUpdates: [],
      late: false,
    });
  });

  it('answers an unknown code with 404 and the message the track screen shows', async () => {
    const response = await testApp.client().get('/api/track/ZZZZZZZZZZZZ');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Package not found. Please check the tracking code and try again.' });
  });

  it('answers a blank code with 400', async () => {
    const response = await testApp.client().get('/api/track/%20%20');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please enter a tracking code.');
  });

  it('is rate-limited when limits are on', async () => {
    const limited = await startTestApp(kind, { RATE_LIMITS: 'on', RATE_LIMIT_TRACK: '2/minute' });
    try {
      const client = limited.client();
      expect((await client.get('/api/track/AAAAAAAAAAAA')).status).toBe(404);
      expect((await client.get('/api/track/AAAAAAAAAAAA')).status).toBe(404);
      const third = await client.get('/api/track/AAAAAAAAAAAA');
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/^Too many requests/);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
