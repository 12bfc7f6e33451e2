import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm } from '../../../../test/support/factories.ts';
import { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { buildApp } from '../../../app.ts';

// Both databases: idempotency keys are rows whose insert is the lock.
describe.each(databasesFor('sql'))('POST /api/submit-package with an Idempotency-Key on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  let photo: Buffer;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
    photo = await imageBytes('jpeg', { width: 120, height: 90 });
  });
  afterAll(() => testApp?.close());

  /** A submission as the ship form sends it: fields, one photo, and the key. */
  function submit(fields: Record<string, string>, key: string | undefined, image = photo, client = testApp.client()) {
    return client.request('POST', '/api/submit-package', {
      form: packageForm(fields, [{ name: 'box.jpg', data: image, type: 'image/jpeg' }]),
      headers: key === undefined ? {} : { 'Idempotency-Key': key },
    });
  }

  /** How many packages the console finds for a shipper's e-mail. */
  async function packagesOf(email: string): Promise<number> {
    const response = await operator.get(`/api/admin/packages?q=${encodeURIComponent(email)}`);
    return Number(response.headers.get('x-total-count'));
  }

  const uploads = async () => (await testApp.storedFiles()).uploads.length;

  it('answers a repeat with the first answer and stores one package with its images once', async () => {
    const fields = packageFields();
    const key = randomUUID();
    const filesBefore = await uploads();
    const client = testApp.client();
    const first = await submit(fields, key, photo, client);
    const second = await submit(fields, key, photo, client);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await packagesOf(fields.email)).toBe(1);
    // One photo: its display size and its thumbnail.
    expect(await uploads()).toBe(filesBefore + 2);
    expect((await testApp.storedFiles()).tmp).toEqual([]);
  });

  it('stores one package when two submissions with one key arrive at once; only one stores images', async () => {
    const fields = packageFields();
    const key = randomUUID();
    const filesBefore = await uploads();
    const [a, b] = await Promise.all([submit(fields, key), submit(fields, key)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.trackingCode).toBe(a.body.trackingCode);
    expect(await packagesOf(fields.email)).toBe(1);
    expect(await uploads()).toBe(filesBefore + 2);
    expect((await testApp.storedFiles()).tmp).toEqual([]);
  });

  it('refuses the same key with other fields or another photo with 422, storing nothing more', async () => {
    const fields = packageFields();
    const key = randomUUID();
    expect((await submit(fields, key)).status).toBe(201);
    const filesBefore = await uploads();
    const otherField = await submit({ ...fields, description: 'Three books' }, key);
    const otherPhoto = await submit(fields, key, await imageBytes('jpeg', { width: 121, height: 90 }));
    for (const answer of [otherField, otherPhoto]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
    }
    expect(await packagesOf(fields.email)).toBe(1);
    expect(await uploads()).toBe(filesBefore);
  });

  it('refuses an empty key or one longer than 100 characters with 400 and stores nothing', async () => {
    const fields = packageFields();
    const filesBefore = await uploads();
    const empty = await submit(fields, '');
    const long = await submit(fields, 'k'.repeat(101));
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'Idempotency-Key must not be empty' });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Idempotency-Key must be at most 100 characters' });
    expect(await packagesOf(fields.email)).toBe(0);
    expect((await testApp.storedFiles()).tmp).toEqual([]);
    expect(await uploads()).toBe(filesBefore);
  });

  it('stores two packages for two keys (two separate submissions of the same form)', async () => {
    const fields = packageFields();
    const first = await submit(fields, randomUUID());
    const second = await submit(fields, randomUUID());
    expect(second.body.trackingCode).not.toBe(first.body.trackingCode);
    expect(await packagesOf(fields.email)).toBe(2);
  });

  it('does not claim the key for a refused form: the corrected form with the same key is stored', async () => {
    const fields = packageFields();
    const key = randomUUID();
    const refused = await submit({ ...fields, quantity: '0' }, key);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Minimum quantity is 1');
    // A refusal by the schema is the client's to fix; it does not bind the key to that body.
    expect((await submit(fields, key)).status).toBe(201);
    expect(await packagesOf(fields.email)).toBe(1);
  });

  it.runIf(kind === 'postgres')(
    'stores one package when the same submission reaches two server processes at once',
    async () => {
      const second: FastifyInstance = await buildApp(testApp.app.config);
      try {
        await second.listen({ port: 0, host: '127.0.0.1' });
        const address = second.server.address();
        const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        const fields = packageFields();
        const key = randomUUID();
        const [a, b] = await Promise.all([
          submit(fields, key, photo, testApp.client()),
          submit(fields, key, photo, new TestClient(otherUrl)),
        ]);
        expect([a.status, b.status]).toEqual([201, 201]);
        expect(b.body).toEqual(a.body);
        expect(await packagesOf(fields.email)).toBe(1);
      } finally {
        await second.close();
      }
    },
  );
});
