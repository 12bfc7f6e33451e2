// /api/v1 for web shops: a bearer key of the account, read from the database and kept by each process
// until the database announces its change (a revoked key fails at once, on this process and the
// others); shipments created, paged by cursor, read with their events, labelled and cancelled; errors
// as RFC 9457 problems; 64 KB bodies; a limit per key with its headers. Every answer is checked against
// /api/v1/openapi.json.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedAccount } from '../../../test/support/accounts.ts';
import type { TestClient, TestResponse } from '../../../test/support/http-client.ts';
import { answerChecker, type Operation } from '../../../test/support/openapi-answers.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { LABELS_BUSY } from '../labels/label-renderer.ts';

const LIMIT = 25;

function shipment(overrides: Record<string, unknown> = {}) {
  return {
    receiver: {
      name: 'Kemi Receiver',
      email: 'kemi@example.com',
      phone: '+234 802 000 0000',
      address: '5 Allen Avenue',
    },
    description: 'A pair of shoes',
    quantity: 1,
    weightKg: 1.2,
    dimensions: { unit: 'cm', length: 30, width: 20, height: 12 },
    ...overrides,
  };
}

// Both databases: keys, cursors and the per-key counter are queries and rows.
describe.each(databasesFor('sql'))('the v1 API on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  let owner: TestClient;
  let otherOwner: TestClient;
  let key: string;
  let otherKey: string;
  let check: ReturnType<typeof answerChecker>;
  let operations: Operation[];
  const problems: string[] = [];

  /** Calls /api/v1 with a key and checks the answer against the v1 document. */
  async function call(
    method: string,
    path: string,
    options: { key?: string; json?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    const answer = await testApp.client().request(method, path, { json: options.json, headers, xsrf: false });
    const template = path.split('?')[0]!.replace(/\/shipments\/[^/]+/, '/shipments/{code}');
    const operation = operations.find((candidate) => candidate.method === method && candidate.path === template);
    if (!operation) problems.push(`${method} ${template}: not in the document`);
    else problems.push(...check(operation, answer as TestResponse));
    return answer;
  }

  async function newKey(client: TestClient, name: string): Promise<{ id: string; key: string }> {
    const created = await client.post('/api/account/api-keys', { name });
    expect(created.status).toBe(201);
    return created.body;
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { SMTP_URL: smtp.url, RATE_LIMIT_API_KEY: `${LIMIT}/minute` });
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
    owner = (await approvedAccount(testApp, smtp, operator, { company: 'Ada Books' })).owner;
    otherOwner = (await approvedAccount(testApp, smtp, operator, { company: 'Bola Shoes' })).owner;
    key = (await newKey(owner, 'Shop')).key;
    otherKey = (await newKey(otherOwner, 'Other shop')).key;
    const document = (await testApp.client().get('/api/v1/openapi.json')).body;
    check = answerChecker(document);
    operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  it('describes exactly its own routes, apart from the site API, with a reference page', async () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([
      'DELETE /api/v1/shipments/{code}',
      'GET /api/v1/shipments',
      'GET /api/v1/shipments/{code}',
      'GET /api/v1/shipments/{code}/label',
      'POST /api/v1/shipments',
    ]);
    // A label's 429 also comes from the printers being full, with its own message.
    const label = operations.find((operation) => operation.path === '/api/v1/shipments/{code}/label')!;
    expect(JSON.stringify(label.responses['429'])).toContain(LABELS_BUSY);
    const site = (await testApp.client().get('/api/openapi.json')).body;
    expect(Object.keys(site.paths).filter((path) => path.startsWith('/api/v1'))).toEqual([]);
    const page = await testApp.client().get('/api/v1/docs');
    expect(page.status).toBe(200);
    expect((await testApp.client().get('/api/v1/docs/json')).body.info.title).toBe('Waybill API v1');
  });

  it('refuses a missing, malformed, unknown or revoked key with one same answer, at once after revoking', async () => {
    const revocable = await newKey(owner, 'Soon revoked');
    expect((await call('GET', '/api/v1/shipments', { key: revocable.key })).status).toBe(200);
    expect((await owner.request('DELETE', `/api/account/api-keys/${revocable.id}`)).status).toBe(200);
    const answers = [
      await call('GET', '/api/v1/shipments'),
      await call('GET', '/api/v1/shipments', { key: 'not-a-key' }),
      await call('GET', '/api/v1/shipments', { key: `wb_live_${'A'.repeat(43)}` }),
      await call('GET', '/api/v1/shipments', { key: revocable.key }),
      await call('POST', '/api/v1/shipments', { key: revocable.key, json: shipment() }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(problems).toEqual([]);
  });

  // PostgreSQL only: processes share a database only there. The other process is a second app on the
  // same database, with its own listening connection and its own keys kept.
  it.runIf(kind === 'postgres')('refuses a key on another process as soon as it is revoked on this one', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-v1-other-'));
    const other = await buildApp(
      loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: testApp.app.config.databaseUrl!,
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      }),
    );
    try {
      await other.ready();
      const revocable = await newKey(owner, 'Two processes');
      const list = () =>
        other.inject({
          method: 'GET',
          url: '/api/v1/shipments',
          headers: { authorization: `Bearer ${revocable.key}` },
        });
      // Used twice there: read, then kept.
      expect((await list()).statusCode).toBe(200);
      expect((await list()).statusCode).toBe(200);
      expect((await owner.request('DELETE', `/api/account/api-keys/${revocable.id}`)).status).toBe(200);
      // The database's announcement reaches the other process in milliseconds; a second is the test's margin.
      const deadline = Date.now() + 1000;
      let status = (await list()).statusCode;
      while (status === 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        status = (await list()).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('creates shipments, once per Idempotency-Key, and refuses bad fields as problems naming the field', async () => {
    const headers = { 'Idempotency-Key': `order-1001-${kind}` };
    const created = await call('POST', '/api/v1/shipments', { key, json: shipment(), headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'Pending',
      sender: { name: 'Ada Books' },
      receiver: { name: 'Kemi Receiver' },
    });
    const repeated = await call('POST', '/api/v1/shipments', { key, json: shipment(), headers });
    expect(repeated.body.trackingCode).toBe(created.body.trackingCode);

    const refused = await call('POST', '/api/v1/shipments', {
      key,
      json: shipment({ receiver: { name: 'K', email: 'not-an-email', phone: '1', address: 'x' }, quantity: 0 }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['receiver.email', 'quantity']),
    );
    const huge = await call('POST', '/api/v1/shipments', { key, json: shipment({ description: 'x'.repeat(70_000) }) });
    expect(huge.status).toBe(413);
    expect(problems).toEqual([]);
  });

  it('pages by cursor with status and date filters, reads one with its events, and hides other accounts’ shipments', async () => {
    for (const description of ['one', 'two', 'three']) {
      expect((await call('POST', '/api/v1/shipments', { key, json: shipment({ description }) })).status).toBe(201);
    }
    const first = await call('GET', '/api/v1/shipments?limit=2', { key });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data.map((item: { description: string }) => item.description)).toEqual(['three', 'two']);
    const next = await call('GET', `/api/v1/shipments?limit=2&cursor=${first.body.nextCursor}`, { key });
    expect(next.body.data[0].description).toBe('one');
    expect((await call('GET', '/api/v1/shipments?cursor=bm9wZQ', { key })).status).toBe(400);
    const future = await call('GET', '/api/v1/shipments?createdFrom=2999-01-01T00:00:00Z', { key });
    expect(future.body).toEqual({ data: [], nextCursor: null });
    expect((await call('GET', '/api/v1/shipments?status=Delivered', { key })).body.data).toEqual([]);
    expect((await call('GET', '/api/v1/shipments?status=Lost', { key })).status).toBe(400);
    expect((await call('GET', '/api/v1/shipments', { key: otherKey })).body.data).toEqual([]);

    const code = first.body.data[0].trackingCode as string;
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    expect(
      (await operator.post('/api/admin/location-update', { trackingCode: code, location: 'Lagos hub' })).status,
    ).toBe(201);
    const one = await call('GET', `/api/v1/shipments/${code}`, { key });
    expect(one.body.status).toBe('Order Placed');
    expect(one.body.events.map((event: { location: string }) => event.location)).toContain('Lagos hub');
    const label = await call('GET', `/api/v1/shipments/${code}/label?size=4x6`, { key });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect((await call('DELETE', `/api/v1/shipments/${code}`, { key })).status).toBe(409);

    const missing = await call('GET', '/api/v1/shipments/WB-NOPE-0000', { key: otherKey });
    for (const [method, path] of [
      ['GET', `/api/v1/shipments/${code}`],
      ['GET', `/api/v1/shipments/${code}/label`],
      ['DELETE', `/api/v1/shipments/${code}`],
    ] as const) {
      const answer = await call(method, path, { key: otherKey });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual(missing.body);
    }

    const pending = first.body.data[1].trackingCode as string;
    expect((await call('GET', `/api/v1/shipments/${pending}/label`, { key })).status).toBe(409);
    expect((await call('DELETE', `/api/v1/shipments/${pending}`, { key })).status).toBe(204);
    expect((await call('GET', `/api/v1/shipments/${pending}`, { key })).status).toBe(404);
    expect(problems).toEqual([]);
  });

  it('limits each key apart, telling its budget in RateLimit-Policy and RateLimit, then 429 with Retry-After', async () => {
    const limited = (await newKey(otherOwner, 'Busy shop')).key;
    let answer = await call('GET', '/api/v1/shipments', { key: limited });
    expect(answer.headers.get('ratelimit-policy')).toBe(`"per-key";q=${LIMIT};w=60`);
    expect(answer.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${LIMIT - 1};t=\\d+$`));
    for (let sent = 1; sent < LIMIT; sent++) answer = await call('GET', '/api/v1/shipments', { key: limited });
    expect(answer.status).toBe(200);
    answer = await call('GET', '/api/v1/shipments', { key: limited });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call('GET', '/api/v1/shipments', { key: otherKey })).status).toBe(200);
    expect(problems).toEqual([]);
  });
});
