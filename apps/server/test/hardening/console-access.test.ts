// Who may do what: the public routes are exactly the reviewed list below; every other route (declared in
// a console scope) refuses a stranger, an expired session, a signed-out session, and (for writes) a
// valid session without the anti-forgery header — and nothing changes. Sign-in is rate-limited and
// rotates the session id.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { fingerprintRows } from './support/database-state.ts';
import { ENDPOINT_SPECS, type SeededContext } from './support/endpoint-specs.ts';
import { rawRequest } from './support/raw-http.ts';
import { listRoutes, type RouteEntry } from './support/route-table.ts';
import { readStoredState, seedContext } from './support/seeded-app.ts';

type Caller = 'no session' | 'expired session' | 'signed-out session' | 'no anti-forgery header';
const CALLERS: Caller[] = ['no session', 'expired session', 'signed-out session', 'no anti-forgery header'];
const SAFE = new Set(['GET', 'HEAD']);

/**
 * Routes anyone may call, reviewed one by one: a route added to a public scope fails the test below
 * until it is added here. Every other route must refuse strangers.
 */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/company',
  'GET /api/plans',
  'GET /api/details',
  'GET /api/track/:code',
  // Proving one is the package's recipient or sender: a budget of wrong tries per package and address.
  'POST /api/track/:code/verify',
  // Whether this browser's cookie checks it for that package: the same answer for any code without one.
  'GET /api/track/:code/check',
  // The choices of a checked recipient or sender: the check's cookie of that package stands in for a session.
  'GET /api/track/:code/preferences',
  'PUT /api/track/:code/preferences',
  // Rating a delivered package: the check's cookie, or the delivery e-mail's single-use token.
  'GET /api/track/:code/rating',
  'POST /api/track/:code/rating',
  // E-mail updates: asking answers the same for every address; the links carry one-time tokens.
  'POST /api/track/:code/subscriptions',
  'GET /api/subscriptions/confirm',
  'POST /api/subscriptions/confirm',
  'GET /api/subscriptions/unsubscribe',
  'POST /api/subscriptions/unsubscribe',
  'POST /api/submit-package',
  'POST /api/console-shortcut',
  'POST /api/support-requests',
  'POST /api/contact-messages',
  'POST /api/account-requests',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  // Whether this browser is signed in: the operator's own e-mail, name and role, or null.
  'GET /api/auth/session',
  // The page of an invitation or reset link: a one-time token stands in for the session.
  'POST /api/auth/accept-invite',
  // Business customers sign in and out at /account, and set a password through their one-time link.
  'POST /api/account/sign-in',
  'POST /api/account/sign-out',
  'POST /api/account/set-password',
  // Whether this browser is signed in to the portal: the member and account, or null.
  'GET /api/account/session',
  // The web shops' API description and its reference pages (its operations need an API key).
  'GET /api/v1/openapi.json',
  'GET /api/v1/docs',
  'GET /api/v1/docs/json',
  'GET /api/v1/docs/yaml',
  'GET /api/v1/docs/static/*',
  'GET /api/v1/docs/static/index.html',
  'GET /api/v1/docs/static/swagger-initializer.js',
  // The API's description and its reference pages.
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  // Stored package images (random names).
  'GET /uploads/*',
  // A text's short link: a redirect to /track/CODE that reads nothing. The providers' webhooks
  // (/api/messages/…) exist only with SMS_PROVIDER, which this app has not.
  'GET /t/:code',
];

const nameOf = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The real path of a route, its params filled with seeded ids, so an unguarded call would land. */
function pathFor(route: RouteEntry, ctx: SeededContext): string {
  return route.url
    .replace(':trackingCode', ctx.acceptedCode)
    .replace(':code', ctx.acceptedCode)
    .replace(':id', route.url.includes('plan') ? ctx.planId : ctx.detailsId)
    .replace(/:[A-Za-z]+/g, ctx.acceptedCode);
}

/** A valid body for a known endpoint (so only the guard can stop it), `{}` for one added later. */
function bodyFor(route: RouteEntry, ctx: SeededContext): unknown {
  const spec = ENDPOINT_SPECS.find((s) => s.method === route.method && s.path(ctx) === pathFor(route, ctx));
  return spec ? spec.valid(ctx) : {};
}

// One database: who may call what is decided by the route's scope.
describe.each(databasesFor('any'))('console access on %s', (kind) => {
  let testApp: TestApp;
  let ctx: SeededContext;
  let routes: RouteEntry[];
  let consoleRoutes: RouteEntry[];
  const headersOf: Partial<Record<Caller, Record<string, string>>> = {};

  const tokenHash = (client: TestClient) =>
    createHash('sha256').update(client.cookies.get('waybill_session')!).digest('hex');

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const operator = await testApp.operator();
    ctx = await seedContext(testApp, operator);
    routes = listRoutes(testApp);
    // Admin-only, driver, own-account and business-portal routes need a session first, like every
    // console route. /api/v1 takes an API key instead (modules/v1/v1.test.ts refuses every other caller).
    consoleRoutes = routes.filter(
      (route) => route.access !== undefined && route.access !== 'public' && route.access !== 'api-key',
    );

    const stranger = testApp.client();
    await stranger.get('/api/health');
    headersOf['no session'] = { cookie: stranger.cookieHeader(), 'x-xsrf-token': stranger.cookies.get('XSRF-TOKEN')! };

    const signedOut = await testApp.operator();
    const cookieBefore = signedOut.cookieHeader();
    const tokenBefore = signedOut.xsrfToken()!;
    expect((await signedOut.post('/api/auth/logout')).status).toBe(200);
    // The browser dropped the cookies; an attacker who copied them replays the old ones (the
    // anti-forgery token is bound to the session, so the pair is replayed as it was).
    headersOf['signed-out session'] = { cookie: cookieBefore, 'x-xsrf-token': tokenBefore };

    const valid = await testApp.operator();
    headersOf['no anti-forgery header'] = { cookie: valid.cookieHeader() };
    expect((await valid.get('/api/auth/me')).status).toBe(200);

    // Last: a later sign-in sweeps ended sessions away, and this one must still be found expired.
    const expired = await testApp.operator();
    await testApp.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(expired)));
    headersOf['expired session'] = {
      cookie: expired.cookieHeader(),
      'x-xsrf-token': expired.cookies.get('XSRF-TOKEN')!,
    };
  });
  afterAll(() => testApp?.close());

  it('declares every route in an access scope, and only the reviewed routes in a public one', () => {
    expect(routes.filter((route) => route.access === undefined).map(nameOf)).toEqual([]);
    const publicRoutes = routes.filter((route) => route.access === 'public').map(nameOf);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('has no text-message webhook without SMS_PROVIDER', async () => {
    const client = testApp.client();
    await client.get('/api/health');
    for (const path of [
      '/api/messages/twilio/inbound',
      '/api/messages/twilio/status',
      '/api/messages/africastalking/inbound',
      '/api/messages/africastalking/delivery',
    ]) {
      expect((await client.post(path, { Body: 'STOP' })).status, path).toBe(404);
    }
    expect(testApp.app.textSender).toBeUndefined();
  });

  it('finds every console route in the route table', () => {
    const names = consoleRoutes.map(nameOf);
    for (const expected of [
      'GET /api/admin/packages',
      'DELETE /api/admin/packages/:trackingCode',
      'POST /api/admin/accept',
      'POST /api/create-plan',
      'PUT /api/edit-plan/:id',
      'POST /api/details',
      'PUT /api/details/:id',
      'POST /api/send-email',
      'GET /api/auth/me',
      'POST /api/auth/change-password',
      'GET /api/admin/operators',
      'PATCH /api/admin/operators/:id',
    ]) {
      expect(names).toContain(expected);
    }
  });

  for (const caller of CALLERS) {
    it(`refuses every console route with ${caller} and changes nothing`, async () => {
      const routes = consoleRoutes.filter((route) => caller !== 'no anti-forgery header' || !SAFE.has(route.method));
      expect(routes.length).toBeGreaterThan(caller === 'no anti-forgery header' ? 8 : 15);
      const before = await readStoredState(testApp);
      const sessionsBefore = await fingerprintRows(testApp.app.db);
      const failures: string[] = [];
      for (const route of routes) {
        const body = SAFE.has(route.method) ? undefined : JSON.stringify(bodyFor(route, ctx));
        const answer = await rawRequest(testApp.baseUrl, {
          method: route.method,
          path: pathFor(route, ctx),
          headers: { ...headersOf[caller]!, ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        const expected = caller === 'no anti-forgery header' ? 403 : 401;
        if (answer.status !== expected || typeof answer.body.message !== 'string') {
          failures.push(`${route.method} ${route.url} → ${answer.status} ${answer.text.slice(0, 100)}`);
        }
        // A refusal tells nothing about the data: no package, plan or e-mail in the answer.
        expect(answer.text).not.toContain(ctx.acceptedCode);
      }
      expect(failures).toEqual([]);
      expect(await readStoredState(testApp)).toEqual(before);
      expect(await fingerprintRows(testApp.app.db)).toEqual(sessionsBefore);
    });
  }

  it('says which refusal it is: sign in, expired, or anti-forgery', async () => {
    const call = (caller: Caller) =>
      rawRequest(testApp.baseUrl, {
        method: 'POST',
        path: '/api/admin/accept',
        headers: { ...headersOf[caller]!, 'content-type': 'application/json' },
        body: JSON.stringify({ trackingCode: ctx.pendingCode }),
      });
    expect((await call('no session')).body).toEqual({ message: 'Please sign in to continue.' });
    expect((await call('expired session')).body).toEqual({
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await call('signed-out session')).body).toEqual({ message: 'Please sign in to continue.' });
    expect((await call('no anti-forgery header')).body).toEqual({ message: 'Missing or invalid anti-forgery token' });
  });

  it('gives a new session id at sign-in: a planted or earlier id is worthless afterwards', async () => {
    const client = testApp.client();
    // Session fixation: the attacker sets a cookie of their choosing in the victim's browser first.
    client.cookies.set('waybill_session', 'attacker-chosen-session-id');
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    const first = client.cookies.get('waybill_session')!;
    expect(first).not.toBe('attacker-chosen-session-id');
    expect(first.length).toBeGreaterThanOrEqual(43);

    expect((await client.post('/api/auth/login', TEST_ADMIN)).status).toBe(200);
    const second = client.cookies.get('waybill_session')!;
    expect(second).not.toBe(first);
    for (const stale of ['attacker-chosen-session-id', first]) {
      const replay = testApp.client();
      replay.cookies.set('waybill_session', stale);
      expect((await replay.get('/api/admin/packages')).status).toBe(401);
    }
    expect((await client.get('/api/admin/packages')).status).toBe(200);
  });
});

// Both databases: the sign-in limit's counters: rows on PostgreSQL, memory on PGlite.
describe.each(databasesFor('sql'))('sign-in brute force on %s', (kind) => {
  it.each(['on', 'off'])(
    'slows guessing with RATE_LIMITS=%s: a 429 with a message, even for the right password',
    async (limits) => {
      const testApp = await startTestApp(kind, { RATE_LIMITS: limits, RATE_LIMIT_LOGIN: '5/minute' });
      try {
        const client = testApp.client();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 5; attempt++) {
          statuses.push(
            (await client.post('/api/auth/login', { email: TEST_ADMIN.email, password: `guess-${attempt}` })).status,
          );
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401]);
        const limited = await client.post('/api/auth/login', TEST_ADMIN);
        expect(limited.status).toBe(429);
        expect(limited.body.message).toMatch(/^Too many requests\. Please try again in/);
        expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(limited.headers.getSetCookie().some((line) => line.startsWith('waybill_session='))).toBe(false);
        // Another address is not slowed down by this one's guesses (counted per client address).
        const elsewhere = await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.9',
          headers: { cookie: client.cookieHeader(), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! },
          payload: TEST_ADMIN,
        });
        expect(elsewhere.statusCode).toBe(200);
      } finally {
        await testApp.close();
      }
    },
  );
});
