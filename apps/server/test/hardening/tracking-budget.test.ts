// Guessing tracking codes costs one budget per client, whichever way the guesses go: the tracking API,
// the server-rendered tracking page and the subscription form each tell whether a code exists, and a
// budget per route gave a client three times RATE_LIMIT_TRACK.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../support/factories.ts';
import type { TestClient, TestResponse } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { writeTestWebBuild } from '../support/web-build.ts';

const UNKNOWN = 'AAAAAAAAAAAA';

// Both databases: the counters live in memory on PGlite and in PostgreSQL rows with DATABASE_URL.
describe.each(databasesFor('sql'))('the tracking budget on %s', (kind) => {
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'waybill-web-'));
    await writeTestWebBuild(webRoot);
  });
  afterAll(() => rm(webRoot, { recursive: true, force: true }));

  const apiLookup = (client: TestClient, code: string) => client.get(`/api/track/${code}`);
  const pageLookup = (client: TestClient, code: string, method = 'GET') => client.request(method, `/track/${code}`);
  const subscribe = (client: TestClient, code: string) =>
    client.post(`/api/track/${code}/subscriptions`, { email: 'watcher@example.com' });

  function expectRefused(answer: TestResponse, what: string) {
    expect(answer.status, what).toBe(429);
    expect(answer.headers.get('retry-after'), what).toMatch(/^\d+$/);
    if (what.startsWith('HEAD')) return; // no body
    expect(answer.body.message, what).toMatch(/^Too many requests\. Please try again in \d+ (second|minute)/);
  }

  it('counts the tracking API, the tracking page and the subscription form in one RATE_LIMIT_TRACK', async () => {
    const testApp: TestApp = await startTestApp(kind, {
      RATE_LIMITS: 'on',
      RATE_LIMIT_TRACK: '6/minute',
      RATE_LIMIT_FORMS: '1000/minute',
      WEB_DIST_DIR: webRoot,
    });
    try {
      const code = await submitPackage(testApp);
      // Every client of the test has one address: one budget of six for all of them.
      const client = testApp.client();
      const allowed = [
        (await apiLookup(client, code)).status,
        (await pageLookup(client, code)).status,
        (await subscribe(client, code)).status,
        (await pageLookup(client, code, 'HEAD')).status,
        (await apiLookup(client, UNKNOWN)).status,
        (await subscribe(client, UNKNOWN)).status,
      ];
      expect(allowed).toEqual([200, 200, 202, 200, 404, 404]);
      expectRefused(await apiLookup(client, code), 'the tracking API');
      expectRefused(await pageLookup(client, code), 'the tracking page');
      expectRefused(await subscribe(client, code), 'the subscription form');
      expectRefused(await testApp.client().request('HEAD', `/api/track/${UNKNOWN}`), 'HEAD of the tracking API');
    } finally {
      await testApp.close();
    }
  });

  it('keeps the form limit on the subscription form as well', async () => {
    const testApp = await startTestApp(kind, {
      RATE_LIMITS: 'on',
      RATE_LIMIT_TRACK: '1000/minute',
      RATE_LIMIT_FORMS: '2/minute',
      WEB_DIST_DIR: webRoot,
    });
    try {
      const code = await submitPackage(testApp);
      const client = testApp.client();
      expect((await subscribe(client, code)).status).toBe(202);
      expect((await subscribe(client, code)).status).toBe(202);
      expectRefused(await subscribe(client, code), 'the subscription form');
      // The tracking budget is not spent by the form limit's refusals alone.
      expect((await apiLookup(client, code)).status).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
