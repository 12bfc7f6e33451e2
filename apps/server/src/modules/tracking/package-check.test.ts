// Proving on the tracking page that one is a package's recipient or sender (docs/decisions/0049): the
// last four digits of a phone, a cookie for that package alone, the budget of wrong tries per package
// and per address, every try audited without its digits. *Both databases*: the tries are rows counted
// under advisory locks.
import { CHECK_DOES_NOT_MATCH, generateTrackingCode, PACKAGE_CHECK_TRIES, PHONE_LAST4_FORMAT } from '@waybill/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checksApp, packageWithPhones, RECEIVER_LAST4, SHIPPER_LAST4 } from '../../../test/support/package-checks.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, packageChecks } from '../../db/schema/index.ts';
import { PACKAGE_CHECK_COOKIE } from './package-check.routes.ts';
import { checkPackage, readCheckToken } from './package-check.service.ts';

const CUSTOMER = { kind: 'customer' } as const;

describe.each(databasesFor('sql'))('checking the recipient or the sender on %s', (kind) => {
  const app = checksApp(kind);
  const db = () => app.testApp.app.db;
  const aPackage = () => packageWithPhones(db());
  const verify = (code: string, phoneLast4: unknown, client = app.testApp.client()) =>
    client.post(`/api/track/${code}/verify`, { phoneLast4 });
  const checksOf = async (code: string) =>
    (await db().select({ n: count() }).from(packageChecks).where(eq(packageChecks.trackingCode, code)))[0]!.n;

  it("grants the receiver's and the shipper's digits a cookie for that package alone, for 30 minutes", async () => {
    const code = await aPackage();
    for (const [digits, role] of [
      [RECEIVER_LAST4, 'recipient'],
      [SHIPPER_LAST4, 'shipper'],
    ] as const) {
      const answer = await verify(code.toLowerCase(), digits);
      expect(answer.status, answer.text).toBe(204);
      const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${PACKAGE_CHECK_COOKIE}=`))!;
      expect(cookie).toContain(`Path=/api/track/${code}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Max-Age=1800/);
      const value = /=([^;]+)/.exec(cookie)![1];
      const key = app.testApp.app.serverKeys.packageCheck;
      const check = readCheckToken(key, code, value);
      expect(check?.role).toBe(role);
      expect(check!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
      // Another package's, altered, or past its time: worth nothing.
      expect(readCheckToken(key, await aPackage(), value)).toBeUndefined();
      expect(readCheckToken(key, code, value!.replace(role, role === 'recipient' ? 'shipper' : 'recipient'))).toBe(
        undefined,
      );
      expect(readCheckToken(key, code, value, new Date(Date.now() + 31 * 60_000))).toBeUndefined();
    }
  });

  it('tells a browser whether its cookie checks it for a package, the same for any code without one', async () => {
    const code = await aPackage();
    const visitor = app.testApp.client();
    const unchecked = { checked: false, as: null, until: null };
    expect((await visitor.get(`/api/track/${code}/check`)).body).toEqual(unchecked);
    expect((await visitor.get(`/api/track/${generateTrackingCode()}/check`)).body).toEqual(unchecked);
    expect((await verify(code, SHIPPER_LAST4, visitor)).status).toBe(204);
    const checked = await visitor.get<{ checked: boolean; as: string; until: string }>(`/api/track/${code}/check`);
    expect(checked.headers.get('cache-control')).toBe('private, no-store');
    expect(checked.body).toMatchObject({ checked: true, as: 'shipper' });
    expect(Date.parse(checked.body.until) - Date.now()).toBeGreaterThan(29 * 60_000);
    // The cookie of one package says nothing of another.
    expect((await visitor.get(`/api/track/${await aPackage()}/check`)).body).toEqual(unchecked);
  });

  it('answers wrong digits and a code no package has alike, and refuses what is not four digits, storing nothing', async () => {
    const code = await aPackage();
    const wrong = await verify(code, '1234');
    const unknown = await verify(generateTrackingCode(), RECEIVER_LAST4);
    expect([wrong.status, unknown.status]).toEqual([403, 403]);
    expect(wrong.body.message).toBe(CHECK_DOES_NOT_MATCH);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const other = await aPackage();
    for (const bad of ['123', '12345', 'abcd', ' 4412', 4412, null]) {
      const answer = await verify(other, bad);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.text).toContain(PHONE_LAST4_FORMAT);
    }
    expect(await checksOf(other)).toBe(0);
  });

  it('stops a script trying every number after five wrong ones, the right digits too, and audits each try without them', async () => {
    const code = await aPackage();
    const client = app.testApp.client();
    const answered: number[] = [];
    for (let n = 0; n < 10_000; n++) {
      const answer = await verify(code, String(n).padStart(4, '0'), client);
      answered.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3_500);
        expect(answer.body.message).toMatch(/^Too many tries for this package\. Try again in \d+ minutes\.$/);
        break;
      }
    }
    expect(answered).toEqual([...Array(PACKAGE_CHECK_TRIES).fill(403), 429]);
    // From any address: the package's own budget is spent.
    expect((await verify(code, RECEIVER_LAST4)).status).toBe(429);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, code))
      .orderBy(auditLog.at, auditLog.id);
    const outcomes = entries.filter((entry) => entry.action === 'package.checked').map((entry) => entry.after);
    expect(outcomes).toEqual([...Array(5).fill({ outcome: 'wrong' }), { outcome: 'refused' }, { outcome: 'refused' }]);
    expect(JSON.stringify(entries)).not.toContain(RECEIVER_LAST4);
  });

  it('counts wrong tries per address across packages, and forgets them after an hour', async () => {
    const start = new Date();
    const client = `198.51.100.${kind === 'pglite' ? 1 : 2}`;
    for (let n = 0; n < PACKAGE_CHECK_TRIES; n++) {
      const code = await aPackage();
      await expect(
        checkPackage(db(), CUSTOMER, { trackingCode: code, phoneLast4: '0000', client }, start),
      ).rejects.toMatchObject({ statusCode: 403 });
    }
    const fresh = await aPackage();
    const right = { trackingCode: fresh, phoneLast4: RECEIVER_LAST4, client };
    await expect(checkPackage(db(), CUSTOMER, right, start)).rejects.toMatchObject({ statusCode: 429 });
    // Another address is not held by this one's tries; this one is free again an hour later.
    const elsewhere = await checkPackage(db(), CUSTOMER, { ...right, client: '203.0.113.9' }, start);
    expect(elsewhere.role).toBe('recipient');
    const later = await checkPackage(db(), CUSTOMER, right, new Date(start.getTime() + 60 * 60_000 + 1_000));
    expect(later.role).toBe('recipient');
  });

  it('counts two wrong tries at once one after the other: never more than five are looked at', async () => {
    const code = await aPackage();
    const client = app.testApp.client();
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(code, '0001', client)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(5).fill(403), ...Array(3).fill(429)]);
    expect(await checksOf(code)).toBe(5);
  });
});
