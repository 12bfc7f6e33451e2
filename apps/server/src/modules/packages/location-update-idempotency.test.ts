import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage } from '../../../test/support/factories.ts';
import { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { addOperator } from '../auth/auth.service.ts';
import { passwordSiteOf } from '../auth/password-strength.ts';

// Both databases: idempotency keys are rows whose insert is the lock.
describe.each(databasesFor('sql'))('POST /api/admin/location-update with an Idempotency-Key on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  const add = (trackingCode: string, location: string, key: string, client = operator) =>
    client.post('/api/admin/location-update', { trackingCode, location }, { headers: { 'Idempotency-Key': key } });

  async function updatesOf(trackingCode: string): Promise<string[]> {
    const response = await operator.get(`/api/admin/packages/${trackingCode}`);
    return response.body.locationUpdates.map((update: { location: string }) => update.location);
  }

  it('adds the update once and answers the repeat with the first answer', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const key = randomUUID();
    const first = await add(trackingCode, 'Lagos hub', key);
    const second = await add(trackingCode, 'Lagos hub', key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
    expect(await updatesOf(trackingCode)).toEqual(['Lagos hub']);
  });

  it('adds one update when two requests with one key arrive at once', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => add(trackingCode, 'Accra depot', key)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(await updatesOf(trackingCode)).toEqual(['Accra depot']);
  });

  it('refuses the same key for another location with 422 and a key over 100 characters with 400', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const key = randomUUID();
    await add(trackingCode, 'Lagos hub', key);
    const other = await add(trackingCode, 'Kano hub', key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
    const long = await add(trackingCode, 'Kano hub', 'x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Idempotency-Key must be at most 100 characters' });
    expect(await updatesOf(trackingCode)).toEqual(['Lagos hub']);
  });

  it('adds two updates for two keys: the same place reported twice on a journey', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await add(trackingCode, 'Lagos hub', randomUUID());
    await add(trackingCode, 'Lagos hub', randomUUID());
    expect(await updatesOf(trackingCode)).toEqual(['Lagos hub', 'Lagos hub']);
  });

  it('keeps each operator’s keys apart', async () => {
    await addOperator(
      testApp.app.db,
      passwordSiteOf(testApp.app.config),
      'second@waybill.test',
      'another long password',
    );
    const second = new TestClient(testApp.baseUrl);
    expect(
      (await second.post('/api/auth/login', { email: 'second@waybill.test', password: 'another long password' }))
        .status,
    ).toBe(200);
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const key = 'shared-key';
    expect((await add(trackingCode, 'Lagos hub', key)).status).toBe(201);
    expect((await add(trackingCode, 'Lagos hub', key, second)).headers.get('idempotent-replayed')).toBeNull();
    expect(await updatesOf(trackingCode)).toEqual(['Lagos hub', 'Lagos hub']);
  });
});
