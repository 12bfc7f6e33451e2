import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databases } from '../../../test/support/test-databases.ts';

describe.each(databases())('health, headers and errors on %s', (kind) => {
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
});

describe('behind https', () => {
  it('marks cookies Secure and sends HSTS', async () => {
    const testApp = await startTestApp('pglite', { PUBLIC_URL: 'https://waybill.example' });
    try {
      const response = await testApp.client().get('/api/health');
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(response.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))).toMatch(/Secure/);
      const login = await testApp.operator();
      expect(login.cookies.has('waybill_session')).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});
