import { trackResultSchema } from '@waybill/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/change-listener.ts';
import { packages } from '../../db/schema/index.ts';
import { matchesEtag } from './tracking.routes.ts';

const NOT_FOUND = 'Package not found. Please check the tracking code and try again.';

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Both databases: the cache is emptied by LISTEN/NOTIFY.
describe.each(databasesFor('sql'))('cached tracking answers on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(() => testApp?.close());

  const track = (code: string, headers: Record<string, string> = {}) =>
    testApp.client().get(`/api/track/${code}`, { headers });

  /** A change the database does not announce (its triggers off for one transaction). */
  const unannouncedStatus = (trackingCode: string, status: string) =>
    testApp.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(packages).set({ status }).where(eq(packages.trackingCode, trackingCode));
    });

  it('answers from memory until the database announces a change', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const first = await track(trackingCode);
    expect(first.status).toBe(200);
    // Unannounced, the change stays unseen: the answer came from memory.
    await unannouncedStatus(trackingCode, 'Held at customs');
    const cached = await track(trackingCode);
    expect(cached.text).toBe(first.text);
    expect(cached.headers.get('etag')).toBe(first.headers.get('etag'));
    // Any announced change of the package, here one made directly in the database, drops it.
    await testApp.app.db.update(packages).set({ status: 'Shipped' }).where(eq(packages.trackingCode, trackingCode));
    const changed = await pollTrack(trackingCode, (body) => body.status === 'Shipped');
    expect(changed.status).toBe('Shipped');
  });

  /** On PostgreSQL a change made outside a request is heard a moment later: ask until it shows (1 s at most). */
  async function pollTrack(code: string, done: (body: Record<string, unknown>) => boolean) {
    const deadline = Date.now() + 1000;
    for (;;) {
      const answer = await track(code);
      if (answer.status === 200 && done(answer.body)) return answer.body;
      if (Date.now() > deadline) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  it('shows a change made through the console at the next request: status, location added and deleted, package deleted', async () => {
    const { trackingCode, status } = await acceptedPackage(testApp, operator);
    const read = async () => {
      const answer = await track(trackingCode);
      expect(answer.status).toBe(200);
      return trackResultSchema.parse(answer.body);
    };
    expect((await read()).status).toBe(status);
    await read();

    expect((await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' })).status).toBe(200);
    expect((await read()).status).toBe('Shipped');

    const added = await operator.post('/api/admin/location-update', { trackingCode, location: 'Reno hub' });
    expect(added.status).toBe(201);
    expect((await read()).locationUpdates.map((update) => update.location)).toEqual(['Reno hub']);

    const { timestamp } = (await read()).locationUpdates[0]!;
    expect((await operator.delete('/api/admin/location-update', { trackingCode, timestamp })).status).toBe(200);
    expect((await read()).locationUpdates).toEqual([]);

    expect((await operator.delete(`/api/admin/packages/${trackingCode}`)).status).toBe(200);
    const gone = await track(trackingCode);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: NOT_FOUND });
  });

  it('answers 304 with no body to the current ETag, and the new answer once the package changed', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const first = await track(trackingCode);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const notModified = await track(trackingCode, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toBe('no-cache');
    // The security headers stay on every answer.
    expect(notModified.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await track(trackingCode, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await track(trackingCode, { 'if-none-match': '"other"' })).status).toBe(200);

    await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });
    const changed = await track(trackingCode, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.status).toBe('Shipped');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('answers an unknown code 404 from memory too, until a package takes that code', async () => {
    const code = kind === 'pglite' ? 'CACHEMISS001' : 'CACHEMISS002';
    expect((await track(code)).status).toBe(404);
    expect((await track(code)).body).toEqual({ message: NOT_FOUND });
    const submitted = await submitPackage(testApp);
    await testApp.app.db.update(packages).set({ trackingCode: code }).where(eq(packages.trackingCode, submitted));
    expect(await pollTrack(code, (body) => body.trackingCode === code)).toMatchObject({ trackingCode: code });
  });

  it.runIf(kind === 'postgres')(
    'drops every answer when the listening connection is lost and keeps none until it listens again',
    async () => {
      const answers = testApp.app.trackingAnswers;
      const { trackingCode, status } = await acceptedPackage(testApp, operator);
      const before = await track(trackingCode);
      expect(before.body.status).toBe(status);
      await waitFor(() => answers.enabled, 'the cache is on');

      const admin = new pg.Client({ connectionString: testApp.app.config.databaseUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [LISTENER_APPLICATION_NAME],
        );
        expect(rows).toEqual([{ ended: true }]);
      } finally {
        await admin.end();
      }
      await waitFor(() => !answers.enabled, 'the loss is noticed');
      // A change nobody hears while the listener is gone: the answer must not be the one from before.
      await unannouncedStatus(trackingCode, 'Held at customs');
      expect(answers.size).toBe(0);

      // Back in a moment (250 ms), caching again, and nothing from before the loss came back.
      await waitFor(() => answers.enabled, 'the listener is back');
      expect((await track(trackingCode)).body.status).toBe('Held at customs');
      expect(answers.size).toBe(1);
      await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });
      expect((await track(trackingCode)).body.status).toBe('Shipped');
    },
  );
});

describe('If-None-Match', () => {
  it('matches the tag itself, its weak form, a list holding it and *, nothing else', () => {
    const etag = '"abc"';
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
    expect(matchesEtag('"abcd"', etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
    expect(matchesEtag(`${',"x"'.repeat(2000)}`, etag)).toBe(false);
  });
});
