// Failed sign-ins slow an account down rather than lock it: ten failures in a row cost nothing, then
// each attempt from a browser the operator never signed in from waits 30 s, doubling to 15 minutes,
// answered 429 with the time left. A browser the operator signed in from before counts its own
// failures only, so nobody's guessing keeps the operator out of it; the CLI reset lifts every wait.
// The clock is moved (only Date is faked), never waited for.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app.ts';
import { databases, databasesFor } from '../../../test/support/test-databases.ts';
import { buildApp } from '../../app.ts';
import { signInFailures } from '../../db/schema/index.ts';
import { resetOperatorPassword } from './auth.service.ts';
import { passwordSiteOf } from './password-strength.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const waitMessage = (time: string) => `Too many failed sign-ins for this account. Try again in ${time}.`;

let clock = 0;
/**
 * Stops the server's clock at the real time (Date only: timers, the network and PostgreSQL's own
 * clock run as usual), to be moved by `advance`. A test moves it by minutes, never by the 12 hours
 * after which a session the database dated in real time would look idle.
 */
function stopClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Date.now();
}
function advance(ms: number) {
  clock += ms;
  vi.setSystemTime(clock);
}

/** A new browser at `address` (the proxy's X-Forwarded-For) signing in. */
function signInFrom(client: TestClient, address: string, email: string, password: string) {
  return client.post('/api/auth/login', { email, password }, { headers: { 'x-forwarded-for': address } });
}

let strangers = 0;
/** Each guess from a browser of its own at an address of its own, as a botnet would send it. */
function stranger(testApp: TestApp | { client(): TestClient }) {
  strangers += 1;
  return { client: testApp.client(), address: `203.0.${Math.floor(strangers / 250) % 250}.${(strangers % 250) + 1}` };
}

// Both databases: the failures and waits are rows, counted and compared in SQL.
describe.each(databasesFor('sql'))('sign-in slow-down on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind, { TRUST_PROXY: 'loopback' });
  });
  afterAll(() => testApp?.close());
  beforeEach(async () => {
    stopClock();
    await testApp.app.db.delete(signInFailures);
  });
  afterEach(() => vi.useRealTimers());

  const guess = async (email: string, password = 'wrong-guess-wrong') => {
    const { client, address } = stranger(testApp);
    return signInFrom(client, address, email, password);
  };

  it.each([
    ['an operator', TEST_ADMIN.email],
    ['an unknown e-mail', 'nobody@waybill.test'],
  ])(
    'lets strangers fail ten times at %s, then makes each attempt wait longer, 30 s up to 15 minutes',
    async (_label, email) => {
      const first = [];
      for (let attempt = 0; attempt < 10; attempt++) first.push((await guess(email)).status);
      expect(first).toEqual(Array(10).fill(401));

      // From any address, even with the right password: the wait is the account's.
      const refused = await guess(email, TEST_ADMIN.password);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: waitMessage('30 seconds') });
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(refused.headers.getSetCookie().some((line) => line.startsWith('waybill_session='))).toBe(false);
      // Other accounts are not slowed by it.
      expect((await guess(`bystander-${email}`)).status).toBe(401);

      // Each failure after the wait doubles the next one, up to 15 minutes; refused attempts do not count.
      for (const [waitMs, next] of [
        [30 * SECOND, '1 minute'],
        [1 * MINUTE, '2 minutes'],
        [2 * MINUTE, '4 minutes'],
        [4 * MINUTE, '8 minutes'],
        [8 * MINUTE, '15 minutes'],
        [15 * MINUTE, '15 minutes'],
      ] as const) {
        advance(waitMs - SECOND);
        expect((await guess(email)).status).toBe(429);
        advance(SECOND);
        expect((await guess(email)).status).toBe(401);
        const answer = await guess(email);
        expect(answer.status).toBe(429);
        expect(answer.body).toEqual({ message: waitMessage(next) });
      }

      // Once a wait is over, the right password opens the account and forgets its failures.
      advance(15 * MINUTE);
      expect((await guess(email, TEST_ADMIN.password)).status).toBe(email === TEST_ADMIN.email ? 200 : 401);
      if (email === TEST_ADMIN.email) expect((await guess(email)).status).toBe(401);
    },
  );

  it('never keeps the admin out of a browser that signed in before, through 20 minutes of guessing', async () => {
    const admin = testApp.client();
    expect((await signInFrom(admin, '198.51.100.7', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    expect(admin.cookies.get('waybill_device')).toMatch(/^[\w-]+\.[\w-]{22}\.[\w-]{43}$/);

    const statuses = { checked: 0, refused: 0 };
    const admins: number[] = [];
    const newBrowser: number[] = [];
    for (let second = 0; second < 20 * 60; second += 5) {
      const answer = await guess(TEST_ADMIN.email);
      if (answer.status === 401) statuses.checked += 1;
      else if (answer.status === 429) statuses.refused += 1;
      else throw new Error(`unexpected ${answer.status} ${answer.text}`);
      if (second % 60 === 30) {
        // The admin, in the browser they signed in from before, with the right password.
        admins.push((await signInFrom(admin, '198.51.100.7', TEST_ADMIN.email, TEST_ADMIN.password)).status);
        // Once the guesses began to wait, the right password on a new browser waits like any stranger's.
        if (second > 60) newBrowser.push((await guess(TEST_ADMIN.email, TEST_ADMIN.password)).status);
      }
      advance(5 * SECOND);
    }
    expect(admins).toEqual(Array(20).fill(200));
    // 240 guesses, of which about fifteen had their password checked (ten, then one a wait).
    expect(statuses.checked + statuses.refused).toBe(240);
    expect(statuses.checked).toBeGreaterThanOrEqual(10);
    expect(statuses.checked).toBeLessThanOrEqual(16);
    expect(newBrowser).toEqual(Array(19).fill(429));
    expect((await admin.get('/api/auth/me')).status).toBe(200);

    // npm run operator -- reset: a new password and no wait, from any browser.
    const NEW = 'Quarry-Lattice-Fjord-62';
    await resetOperatorPassword(testApp.app.db, passwordSiteOf(testApp.app.config), TEST_ADMIN.email, NEW);
    expect((await guess(TEST_ADMIN.email, NEW)).status).toBe(200);
    await resetOperatorPassword(
      testApp.app.db,
      passwordSiteOf(testApp.app.config),
      TEST_ADMIN.email,
      TEST_ADMIN.password,
    );
  });

  it('slows a browser that signed in before after its own ten failures (a stolen cookie guesses no faster)', async () => {
    const known = testApp.client();
    expect((await signInFrom(known, '198.51.100.8', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signInFrom(known, '198.51.100.8', TEST_ADMIN.email, 'wrong-guess-wrong')).status).toBe(401);
    }
    const waiting = await signInFrom(known, '198.51.100.8', TEST_ADMIN.email, TEST_ADMIN.password);
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({ message: waitMessage('30 seconds') });
    // Its failures are its own: the account itself was not slowed by them.
    expect((await guess(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
  });

  it('signs the device cookie: HttpOnly, SameSite=Strict, worthless when altered or for another operator', async () => {
    const client = testApp.client();
    const answer = await signInFrom(client, '198.51.100.9', TEST_ADMIN.email, TEST_ADMIN.password);
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('waybill_device='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Max-Age=15552000/);

    for (let attempt = 0; attempt < 10; attempt++) expect((await guess(TEST_ADMIN.email)).status).toBe(401);
    const value = client.cookies.get('waybill_device')!;
    const altered = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const forged = testApp.client();
    forged.cookies.set('waybill_device', altered);
    expect((await signInFrom(forged, '198.51.100.10', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(429);
    expect((await signInFrom(client, '198.51.100.9', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
  });
});

describe.runIf(databases().includes('postgres'))('sign-in slow-down on two processes of one PostgreSQL', () => {
  let testApp: TestApp;
  let second: FastifyInstance;
  let secondUrl: string;
  beforeAll(async () => {
    testApp = await startTestApp('postgres', { TRUST_PROXY: 'loopback' });
    second = await buildApp(testApp.app.config);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await second?.close();
    await testApp?.close();
  });
  beforeEach(stopClock);
  afterEach(() => vi.useRealTimers());

  it('counts the failures at both in the database: the wait one set holds on the other, and the known browser passes on both', async () => {
    const processes = [testApp, { client: () => new TestClient(secondUrl) }];
    const admin = testApp.client();
    expect((await signInFrom(admin, '198.51.100.7', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    const onSecond = new TestClient(secondUrl);
    for (const [name, value] of admin.cookies) onSecond.cookies.set(name, value);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const { client, address } = stranger(processes[attempt % 2]!);
      statuses.push((await signInFrom(client, address, TEST_ADMIN.email, 'wrong-guess-wrong')).status);
    }
    // Five failures through each, then the wait, whichever process the next guess reaches.
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect((await signInFrom(onSecond, '198.51.100.7', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    expect((await signInFrom(admin, '198.51.100.7', TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200);
    advance(30 * SECOND);
    const { client, address } = stranger(processes[1]!);
    expect((await signInFrom(client, address, TEST_ADMIN.email, 'wrong-guess-wrong')).status).toBe(401);
    const { client: next, address: nextAddress } = stranger(testApp);
    const refused = await signInFrom(next, nextAddress, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(refused.body).toEqual({ message: waitMessage('1 minute') });
  });
});
