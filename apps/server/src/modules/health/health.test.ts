import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

// One database: headers, anti-forgery, body parsing and error answers come before the database.
describe.each(databasesFor('any'))('health, headers and errors on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  it('answers GET /api/health and hands out the anti-forgery cookie', async () => {
    const client = testApp.client();
    const response = await client.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
    // A client that has the cookie is not given a new one.
    const again = await client.get('/api/health');
    expect(again.headers.getSetCookie().some((line) => line.startsWith('XSRF-TOKEN='))).toBe(false);
  });

  it('sends the security headers', async () => {
    const { headers } = await testApp.client().get('/api/health');
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // PUBLIC_URL is http here: no HSTS.
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('refuses a write without the anti-forgery header, or with a wrong one', async () => {
    const client = testApp.client();
    await client.get('/api/health');
    const missing = await client.post('/api/console-shortcut', { name: 'a', code: '1' }, { xsrf: false });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ message: 'Missing or invalid anti-forgery token' });
    const wrong = await client.post(
      '/api/console-shortcut',
      { name: 'a', code: '1' },
      { xsrf: false, headers: { 'x-xsrf-token': 'forged' } },
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Missing or invalid anti-forgery token');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await testApp.client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Route GET /api/no-such-thing not found' });
  });

  it('answers malformed JSON with 400, a wrong content type with 415 and a huge body with 413', async () => {
    const client = await testApp.operator();
    const malformed = await client.request('POST', '/api/admin/accept', {
      raw: { body: '{"trackingCode": ', contentType: 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body' });

    const wrongType = await client.request('POST', '/api/admin/accept', {
      raw: { body: 'trackingCode=ABC', contentType: 'text/csv' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.message).toBeTypeOf('string');

    const huge = await client.post('/api/admin/location-update', { trackingCode: 'X', location: 'x'.repeat(300_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBeTypeOf('string');
  });

  it('never leaks a stack trace', async () => {
    const response = await testApp.client().get('/api/track/%E0%A4%A');
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toMatch(/\.[jt]s:\d+:\d+/);
  });

  // The app of the tests above: the folder is back before the test ends.
  it('readiness answers 503 naming the photo storage while its folder is gone, 200 once it is back', async () => {
    const ready = await testApp.client().get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
    expect(ready.headers.get('cache-control')).toBe('no-store');

    const uploads = path.join(testApp.dataDir, 'uploads');
    await rm(uploads, { recursive: true });
    const gone = await testApp.client().get('/api/health/ready');
    expect(gone.status).toBe(503);
    expect(gone.body).toEqual({ message: 'Not ready: the photo storage does not answer' });
    await mkdir(uploads);
    expect((await testApp.client().get('/api/health/ready')).status).toBe(200);
  });
});

describe('behind https', () => {
  it('marks cookies Secure and sends HSTS', async () => {
    // One database, as above.
    const testApp = await startTestApp(databasesFor('any')[0]!, { PUBLIC_URL: 'https://waybill.example' });
    try {
      const response = await testApp.client().get('/api/health');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(response.headers.getSetCookie().find((line) => line.startsWith('__Host-XSRF-TOKEN='))).toMatch(/Secure/);
      const login = await testApp.operator();
      expect(login.cookies.has('waybill_session')).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});

describe('readiness', () => {
  it('answers 503 once the embedded database is closed', async () => {
    const testApp = await startTestApp('pglite');
    try {
      expect((await testApp.client().get('/api/health/ready')).status).toBe(200);
      await (testApp.app.db as unknown as { $client: PGlite }).$client.close();
      const closed = await testApp.client().get('/api/health/ready');
      expect(closed.status).toBe(503);
      expect(closed.body).toEqual({ message: 'Not ready: the database does not answer' });
    } finally {
      await testApp.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 503 while PostgreSQL refuses connections, 200 once it takes them again',
    async () => {
      const testApp = await startTestApp('postgres');
      const name = new URL(testApp.app.config.databaseUrl!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        expect((await testApp.client().get('/api/health/ready')).status).toBe(200);
        // As when the database server goes away: every open connection is cut and new ones are refused.
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
        const down = await testApp.client().get('/api/health/ready');
        expect(down.status).toBe(503);
        expect(down.body).toEqual({ message: 'Not ready: the database does not answer' });
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        const back = await testApp.client().get('/api/health/ready');
        expect(back.status).toBe(200);
      } finally {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
        await testApp.close();
      }
    },
  );
});
