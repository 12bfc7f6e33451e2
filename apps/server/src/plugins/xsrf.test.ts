// The anti-forgery token is bound to the browser's session by an HMAC with the server's key: a value
// made up, or read from another session or visitor, is refused however the cookie and header agree,
// and the token changes at sign-in and at sign-out.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/support/test-app.ts';
import { databases, databasesFor } from '../../test/support/test-databases.ts';
import { buildApp } from '../app.ts';

const REFUSED = { message: 'Missing or invalid anti-forgery token' };
/** A public write any visitor may make: the anti-forgery check runs before it does anything. */
const WRITE = '/api/console-shortcut';
const BODY = { name: 'someone', code: '1' };

/** A raw write with exactly these cookies and this header (no cookie jar, no GET first). */
async function writeWith(testApp: TestApp, cookies: Record<string, string>, token: string) {
  const client = testApp.client();
  for (const [name, value] of Object.entries(cookies)) client.cookies.set(name, value);
  return client.post(WRITE, BODY, { xsrf: false, headers: { 'x-xsrf-token': token } });
}

// One database: the token is worked out by the app; the shared key's row is checked across processes below.
describe.each(databasesFor('any'))('anti-forgery token on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  it('refuses a value the server did not make, even when the cookie and the header agree', async () => {
    for (const made of ['forged', 'a'.repeat(43), `${'a'.repeat(43)}.${'b'.repeat(43)}`]) {
      const answer = await writeWith(testApp, { 'XSRF-TOKEN': made }, made);
      expect(answer.status, made).toBe(403);
      expect(answer.body).toEqual(REFUSED);
      // The refusal hands out a real token in place of the made-up one.
      expect(answer.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='))).not.toContain(made);
    }
    const visitor = testApp.client();
    await visitor.get('/api/health');
    expect((await visitor.post(WRITE, BODY)).status).not.toBe(403);
  });

  it('refuses the token of another session or visitor with the same 403', async () => {
    const first = await testApp.operator();
    const second = await testApp.operator();
    expect(first.xsrfToken()).not.toBe(second.xsrfToken());
    // The first operator's session cookie with the second's token (and cookie): refused.
    const crossed = await writeWith(
      testApp,
      { waybill_session: first.cookies.get('waybill_session')!, 'XSRF-TOKEN': second.xsrfToken()! },
      second.xsrfToken()!,
    );
    expect(crossed.status).toBe(403);
    expect(crossed.body).toEqual(REFUSED);
    // A visitor's token with a session cookie: refused.
    const visitor = testApp.client();
    await visitor.get('/api/health');
    const mixed = await writeWith(
      testApp,
      { waybill_session: first.cookies.get('waybill_session')!, 'XSRF-TOKEN': visitor.xsrfToken()! },
      visitor.xsrfToken()!,
    );
    expect(mixed.status).toBe(403);
    // A signed-in token without its session: refused.
    const alone = await writeWith(testApp, { 'XSRF-TOKEN': first.xsrfToken()! }, first.xsrfToken()!);
    expect(alone.status).toBe(403);
    // Each with its own: accepted.
    expect((await first.post(WRITE, BODY)).status).not.toBe(403);
    expect((await second.post(WRITE, BODY)).status).not.toBe(403);
  });

  it('gives a new token at sign-in and at sign-out; the one before stops working', async () => {
    const client = testApp.client();
    await client.get('/api/health');
    const visitorToken = client.xsrfToken()!;
    expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    const sessionToken = client.xsrfToken()!;
    expect(sessionToken).not.toBe(visitorToken);
    const session = client.cookies.get('waybill_session')!;

    const stale = await writeWith(testApp, { waybill_session: session, 'XSRF-TOKEN': visitorToken }, visitorToken);
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual(REFUSED);
    expect((await client.post(WRITE, BODY)).status).not.toBe(403);

    // Signing in again (a new session) gives another token still.
    expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    const secondToken = client.xsrfToken()!;
    expect(secondToken).not.toBe(sessionToken);

    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const afterToken = client.xsrfToken()!;
    expect([visitorToken, sessionToken, secondToken]).not.toContain(afterToken);
    expect((await writeWith(testApp, { 'XSRF-TOKEN': secondToken }, secondToken)).status).toBe(403);
    expect((await client.post(WRITE, BODY)).status).not.toBe(403);
  });
});

describe('anti-forgery cookie behind https', () => {
  it('is a __Host- cookie: Secure, for the whole site, without a domain', async () => {
    const testApp = await startTestApp('pglite', { PUBLIC_URL: 'https://waybill.example' });
    try {
      const answer = await testApp.client().get('/api/health');
      const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-XSRF-TOKEN='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(answer.headers.getSetCookie().some((line) => line.startsWith('XSRF-TOKEN='))).toBe(false);
      const operator = await testApp.operator();
      expect((await operator.post('/api/auth/logout')).status).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe.runIf(databases().includes('postgres'))('anti-forgery token on two processes of one PostgreSQL', () => {
  let testApp: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    testApp = await startTestApp('postgres');
    second = await buildApp(testApp.app.config);
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await testApp?.close();
  });

  it('takes on one process the token the other made: the key is the database’s', async () => {
    const address = second.server.address();
    const other = new TestClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    const operator = await testApp.operator();
    for (const [name, value] of operator.cookies) other.cookies.set(name, value);
    expect((await other.post('/api/auth/logout')).status).toBe(200);
    const visitor = testApp.client();
    await visitor.get('/api/health');
    for (const [name, value] of visitor.cookies) other.cookies.set(name, value);
    expect((await other.post(WRITE, BODY)).status).not.toBe(403);
  });
});
