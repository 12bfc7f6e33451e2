// Each public limit follows its own variable and answers 429 with a JSON message; RATE_LIMITS=off
// lifts every limit except sign-in. On PostgreSQL the counters are rows, shared by every process.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { rateLimitCounters, signInFailures } from '../../src/db/schema/index.ts';
import { packageForm } from '../support/factories.ts';
import { type AnyBody, type RequestOptions, TestClient, type TestResponse } from '../support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.ts';
import { databases, databasesFor } from '../support/test-databases.ts';
import { listRoutes } from './support/route-table.ts';

type Call = (client: TestClient) => Promise<TestResponse>;

const CALLS: Record<'track' | 'submit' | 'forms', [string, Call][]> = {
  track: [['GET /api/track/:code', (client) => client.get('/api/track/AAAAAAAAAAAA')]],
  submit: [
    ['POST /api/submit-package', (client) => client.request('POST', '/api/submit-package', { form: packageForm({}) })],
  ],
  forms: [
    ['POST /api/console-shortcut', (client) => client.post('/api/console-shortcut', { name: 'a', code: '1' })],
    ['POST /api/support-requests', (client) => client.post('/api/support-requests', {})],
    ['POST /api/contact-messages', (client) => client.post('/api/contact-messages', { name: 'Ada' })],
    ['POST /api/account-requests', (client) => client.post('/api/account-requests', {})],
  ],
};

const VARIABLES = { track: 'RATE_LIMIT_TRACK', submit: 'RATE_LIMIT_SUBMIT', forms: 'RATE_LIMIT_FORMS' } as const;
// One app for the limits' own tests, each limit a different number so a route that followed another
// limit's variable would be caught.
const LIMITS = { track: 3, submit: 4, forms: 5 } as const;

/**
 * A client that the app, behind a proxy it trusts (TRUST_PROXY=loopback), knows by `address`: each
 * test of the shared app counts against its own budget.
 */
class ForwardedClient extends TestClient {
  constructor(
    baseUrl: string,
    private readonly address: string,
  ) {
    super(baseUrl);
  }

  override request<T = AnyBody>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    return super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.address, ...options.headers },
    });
  }
}

// Both databases: the counters: rows shared by every process on PostgreSQL, memory on PGlite.
describe.each(databasesFor('sql'))('on %s', (kind) => {
  let limitedApp: TestApp;
  beforeAll(async () => {
    limitedApp = await startTestApp(kind, {
      RATE_LIMITS: 'on',
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_TRACK: `${LIMITS.track}/minute`,
      RATE_LIMIT_SUBMIT: `${LIMITS.submit}/minute`,
      RATE_LIMIT_FORMS: `${LIMITS.forms}/minute`,
    });
  });
  afterAll(() => limitedApp?.close());
  const clientAt = (address: string) => new ForwardedClient(limitedApp.baseUrl, address);

  describe.each(Object.keys(VARIABLES) as (keyof typeof VARIABLES)[])('the %s limit', (name) => {
    // This test's own client address, and so its own budget on every route.
    const address = `198.51.100.${Object.keys(VARIABLES).indexOf(name) + 1}`;

    it(`follows ${VARIABLES[name]}: the call past it answers 429 with a JSON message and Retry-After`, async () => {
      for (const [route, call] of CALLS[name]) {
        const client = clientAt(address);
        const allowed = [];
        for (let attempt = 0; attempt < LIMITS[name]; attempt++) allowed.push((await call(client)).status);
        expect(allowed, route).not.toContain(429);
        const past = await call(client);
        expect(past.status, route).toBe(429);
        expect(past.headers.get('content-type')).toContain('application/json');
        expect(past.body.message).toMatch(/^Too many requests\. Please try again in \d+ (second|minute)/);
        expect(past.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    });

    it('leaves the other limits alone', async () => {
      // The same client, its own limit used up: each other route still takes as many calls as its own.
      for (const [other, calls] of Object.entries(CALLS) as [keyof typeof CALLS, [string, Call][]][]) {
        if (other === name) continue;
        for (const [route, call] of calls) {
          const client = clientAt(address);
          for (let attempt = 0; attempt < LIMITS[other]; attempt++)
            expect((await call(client)).status, route).not.toBe(429);
        }
      }
    });
  });

  describe('RATE_LIMITS=off', () => {
    it('lifts the tracking, submission and form limits but keeps the sign-in limit', async () => {
      const testApp = await startTestApp(kind, {
        RATE_LIMITS: 'off',
        RATE_LIMIT_TRACK: '1/minute',
        RATE_LIMIT_SUBMIT: '1/minute',
        RATE_LIMIT_FORMS: '1/minute',
        RATE_LIMIT_LOGIN: '2/minute',
      });
      try {
        for (const [route, call] of Object.values(CALLS).flat()) {
          const client = testApp.client();
          for (let attempt = 0; attempt < 4; attempt++) expect((await call(client)).status, route).not.toBe(429);
        }
        const client = testApp.client();
        const signIns = [];
        for (let attempt = 0; attempt < 3; attempt++) {
          signIns.push((await client.post('/api/auth/login', { email: 'x@y.z', password: 'wrong-password' })).status);
        }
        expect(signIns).toEqual([401, 401, 429]);
      } finally {
        await testApp.close();
      }
    });
  });

  // Fastify answers HEAD for every GET route; a HEAD counted apart doubled the guesses a client could
  // make at tracking codes.
  describe('one budget per route, whatever the method', () => {
    it('counts GET and HEAD of the tracking route together', async () => {
      // The limit is 3 for both methods together.
      const client = clientAt('198.51.100.20');
      const statuses = [];
      for (const method of ['GET', 'HEAD', 'HEAD', 'GET', 'HEAD']) {
        statuses.push((await client.request(method, '/api/track/AAAAAAAAAAAA')).status);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    });

    it('shares the count between GET and HEAD on every limited route of the route table', async () => {
      // Three calls a route, within every limit of the app.
      const client = clientAt('198.51.100.21');
      expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
      const remaining = async (method: string, url: string) => {
        const answer = await client.request(method, url);
        const header = answer.headers.get('x-ratelimit-remaining');
        return header === null ? undefined : Number(header);
      };
      const limited: string[] = [];
      for (const route of listRoutes(limitedApp).filter((entry) => entry.method === 'GET' && entry.url !== '*')) {
        const url = route.url.replace(/:[A-Za-z]+/g, 'AAAAAAAAAAAA');
        const afterGet = await remaining('GET', url);
        if (afterGet === undefined) continue;
        limited.push(route.url);
        expect(await remaining('HEAD', url), `HEAD ${route.url}`).toBe(afterGet - 1);
        expect(await remaining('GET', url), `GET ${route.url}`).toBe(afterGet - 2);
      }
      expect(limited).toContain('/api/track/:code');
    });
  });

  describe('behind a load balancer', () => {
    const track = (testApp: TestApp, client: string) =>
      testApp.client().get('/api/track/AAAAAAAAAAAA', { headers: { 'x-forwarded-for': client } });
    const limited = { RATE_LIMITS: 'on', RATE_LIMIT_TRACK: '2/minute' };

    it('counts each forwarded client apart when TRUST_PROXY=loopback names the proxy', async () => {
      const forwarded = (client: string) =>
        limitedApp.client().get('/api/track/AAAAAAAAAAAA', { headers: { 'x-forwarded-for': client } });
      for (let call = 0; call < LIMITS.track; call++) expect((await forwarded('203.0.113.1')).status).not.toBe(429);
      expect((await forwarded('203.0.113.1')).status).toBe(429);
      expect((await forwarded('203.0.113.2')).status).not.toBe(429);
    });

    it('counts each forwarded client apart when TRUST_PROXY=1 names the proxy', async () => {
      const testApp = await startTestApp(kind, { ...limited, TRUST_PROXY: '1' });
      try {
        for (let call = 0; call < 2; call++) expect((await track(testApp, '203.0.113.1')).status).not.toBe(429);
        expect((await track(testApp, '203.0.113.1')).status).toBe(429);
        expect((await track(testApp, '203.0.113.2')).status).not.toBe(429);
      } finally {
        await testApp.close();
      }
    });

    it('ignores X-Forwarded-For by default, so a client cannot choose the address its limit counts', async () => {
      const testApp = await startTestApp(kind, limited);
      try {
        for (let call = 0; call < 2; call++)
          expect((await track(testApp, `203.0.113.${call + 1}`)).status).not.toBe(429);
        expect((await track(testApp, '203.0.113.9')).status).toBe(429);
      } finally {
        await testApp.close();
      }
    });
  });
});

// Several processes behind a load balancer share one PostgreSQL: a limit holds for all of them together.
describe.runIf(databases().includes('postgres'))('two processes on one PostgreSQL', () => {
  let testApp: TestApp;
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    testApp = await startTestApp('postgres', { RATE_LIMITS: 'on', RATE_LIMIT_LOGIN: '10/minute' });
    second = await buildApp(testApp.app.config);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await second?.close();
    await testApp?.close();
  });

  const wrongSignIn = (client: TestClient) =>
    client.post('/api/auth/login', { email: TEST_ADMIN.email, password: 'wrong-password' });
  const counters = () =>
    testApp.app.db.select({ key: rateLimitCounters.key, count: rateLimitCounters.count }).from(rateLimitCounters);

  it('share one sign-in budget of 10: five failures through each, then the 11th on either answers 429', async () => {
    const first = testApp.client();
    const other = new TestClient(secondUrl);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await wrongSignIn(first)).status, (await wrongSignIn(other)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await wrongSignIn(first);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await wrongSignIn(other)).status).toBe(429);
    // Even the right password waits: the limit is on attempts, not on failures.
    expect((await other.post('/api/auth/login', TEST_ADMIN)).status).toBe(429);
    expect(await counters()).toEqual([{ key: 'POST /api/auth/login 127.0.0.1', count: 13 }]);
  });

  it('starts a new window once the old one has ended, on both', async () => {
    // The window is the database's: moving its end into the past is what a minute of waiting does.
    await testApp.app.db.update(rateLimitCounters).set({ expiresAt: sql`now() - interval '1 millisecond'` });
    // The ten failures also made the account wait before its next attempt (sign-in-throttle.test.ts): cleared too.
    await testApp.app.db.delete(signInFailures);
    const other = new TestClient(secondUrl);
    const answer = await wrongSignIn(other);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('9');
    expect((await testApp.client().post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    expect(await counters()).toEqual([{ key: 'POST /api/auth/login 127.0.0.1', count: 2 }]);
  });

  it('refuses sign-in with a 503 but keeps tracking open when the counters cannot be reached', async () => {
    const tracked = await startTestApp('postgres', {
      RATE_LIMITS: 'on',
      RATE_LIMIT_LOGIN: '10/minute',
      RATE_LIMIT_TRACK: '10/minute',
    });
    try {
      // The rest of the database answers; only the counters fail, the case where failing open would
      // hand a password guesser an unlimited budget.
      await tracked.app.db.execute(sql`ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away`);
      const client = tracked.client();
      const signIn = await client.post('/api/auth/login', TEST_ADMIN);
      expect(signIn.status).toBe(503);
      expect(signIn.body).toEqual({ message: 'This is unavailable for a moment. Please try again shortly.' });
      expect((await client.get('/api/track/AAAAAAAAAAAA')).status).toBe(404);
      await tracked.app.db.execute(sql`ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters`);
      expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    } finally {
      await tracked.close();
    }
  });
});
