// How the checked recipient or sender wants a package delivered (docs/decisions/0049): instructions and a
// safe place, read and replaced with the package's own check cookie only, until the package is out for
// delivery; each change in the package's history with who made it, never on the public answer.
// *Both databases*: one row a package, upserted in the change's transaction.
import {
  INSTRUCTIONS_CONTROL,
  NEIGHBOUR_NAME_REQUIRED,
  PACKAGE_CHECK_REQUIRED,
  preferencesLocked,
  SAFE_PLACE_UNKNOWN,
} from '@waybill/domain';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { checksApp, packageWithPhones } from '../../../test/support/package-checks.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, deliveryPreferences, packages } from '../../db/schema/index.ts';

/** A word no other text of the package holds: found nowhere public. */
const SECRET = 'Wombatgate';

describe.each(databasesFor('sql'))('delivery preferences on %s', (kind) => {
  const app = checksApp(kind);
  const db = () => app.testApp.app.db;
  const aPackage = () => packageWithPhones(db());
  /** A client checked as the recipient (4412) or the sender (9876) of `code`. */
  const checked = async (code: string, digits = '4412') => {
    const client = app.testApp.client();
    expect((await client.post(`/api/track/${code}/verify`, { phoneLast4: digits })).status).toBe(204);
    return client;
  };
  const put = (client: TestClient, code: string, body: unknown) =>
    client.request('PUT', `/api/track/${code}/preferences`, { json: body });
  const stored = async (code: string) =>
    (
      await db()
        .select({ n: count() })
        .from(deliveryPreferences)
        .innerJoin(packages, eq(packages.id, deliveryPreferences.packageId))
        .where(eq(packages.trackingCode, code))
    )[0]!.n;

  it('refuses a visitor not checked for this package, and one checked for another', async () => {
    const code = await aPackage();
    const stranger = app.testApp.client();
    for (const answer of [
      await stranger.get(`/api/track/${code}/preferences`),
      await put(stranger, code, { instructions: 'hello' }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(PACKAGE_CHECK_REQUIRED);
    }
    const ofAnother = await checked(await aPackage());
    expect((await ofAnother.get(`/api/track/${code}/preferences`)).status).toBe(401);
    expect((await put(ofAnother, code, { instructions: 'hello' })).status).toBe(401);
    expect(await stored(code)).toBe(0);
  });

  it('keeps instructions and a neighbour, says them as the driver reads them, and records who set them', async () => {
    const code = await aPackage();
    const recipient = await checked(code);
    expect((await recipient.get(`/api/track/${code}/preferences`)).body).toEqual({
      instructions: '',
      safePlace: { kind: 'none' },
      safePlaceWords: null,
      setBy: null,
      setAt: null,
      // No estimated delivery yet: no other day to choose.
      deliveryDay: null,
      deliveryDays: [],
    });
    const instructions = `Gate code 4412.\nRing twice, ${SECRET}.`;
    const set = await put(recipient, code, {
      instructions: `  ${instructions} `,
      safePlace: { kind: 'neighbour', neighbourName: ' Mrs Adu ', neighbourHouse: 'No. 14' },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.headers.get('cache-control')).toBe('private, no-store');
    expect(set.body).toMatchObject({
      instructions,
      safePlace: { kind: 'neighbour', neighbourName: 'Mrs Adu', neighbourHouse: 'No. 14' },
      safePlaceWords: 'Leave with a neighbour: Mrs Adu, No. 14',
      setBy: 'recipient',
    });
    expect((await recipient.get(`/api/track/${code}/preferences`)).body).toEqual(set.body);

    const sender = await checked(code, '9876');
    const changed = await put(sender, code, { instructions: '', safePlace: { kind: 'front_door' } });
    expect(changed.body).toMatchObject({
      safePlaceWords: 'Leave at the front door',
      setBy: 'shipper',
      instructions: '',
    });

    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, code))
      .orderBy(auditLog.at, auditLog.id);
    const changes = entries
      .filter((entry) => entry.action === 'package.preferences_changed')
      .map((entry) => entry.after);
    expect(changes).toEqual([
      { by: 'recipient', safePlace: 'neighbour', instructions: true, deliveryDay: null },
      { by: 'shipper', safePlace: 'front_door', instructions: false, deliveryDay: null },
    ]);
    // Nothing of them in the log, nor on the public answer and page.
    await put(recipient, code, { instructions });
    expect(JSON.stringify(entries)).not.toMatch(new RegExp(`${SECRET}|Mrs Adu`));
    expect((await app.testApp.client().get(`/api/track/${code}`)).text).not.toContain(SECRET);
    expect((await app.testApp.client().get(`/track/${code}`)).text).not.toContain(SECRET);
  });

  it('refuses bad choices field by field, storing nothing', async () => {
    const code = await aPackage();
    const recipient = await checked(code);
    const cases: [unknown, string][] = [
      [{ instructions: 'Ring\u0007 the bell' }, INSTRUCTIONS_CONTROL],
      [{ instructions: 'x'.repeat(301) }, 'At most 300 characters'],
      [{ safePlace: { kind: 'neighbour', neighbourHouse: '14' } }, NEIGHBOUR_NAME_REQUIRED],
      [{ safePlace: { kind: 'neighbour', neighbourName: '   ', neighbourHouse: '14' } }, NEIGHBOUR_NAME_REQUIRED],
      [{ safePlace: { kind: 'garage' } }, SAFE_PLACE_UNKNOWN],
    ];
    for (const [body, message] of cases) {
      const answer = await put(recipient, code, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await stored(code)).toBe(0);
    // At the limit, with a line break: taken.
    expect((await put(recipient, code, { instructions: `${'x'.repeat(299)}\n` })).status).toBe(200);
    expect(await stored(code)).toBe(1);
  });

  it('stops changes once the package is out for delivery, saying why', async () => {
    const code = await aPackage();
    const recipient = await checked(code);
    await db().update(packages).set({ status: 'Out for Delivery' }).where(eq(packages.trackingCode, code));
    const answer = await put(recipient, code, { safePlace: { kind: 'reception' } });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(preferencesLocked('Out for Delivery'));
    expect(await stored(code)).toBe(0);
    // Still readable: the driver's instructions do not vanish from the visitor's view.
    expect((await recipient.get(`/api/track/${code}/preferences`)).status).toBe(200);
  });

  it("shows operators the choices in the package's details, and no one else", async () => {
    const code = await aPackage();
    await put(await checked(code), code, { instructions: `Back gate, ${SECRET}`, safePlace: { kind: 'back_door' } });
    const path = `/api/admin/packages/${code}/preferences`;
    const seen = await (await app.testApp.operator()).get(path);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('no-store');
    expect(seen.body).toMatchObject({ instructions: `Back gate, ${SECRET}`, safePlaceWords: 'Leave at the back door' });
    expect((await app.testApp.client().get(path)).status).toBe(401);
    expect((await (await signedInMember(app.testApp, 'driver')).client.get(path)).status).toBe(403);
  });

  it('e-mails the other party of each change, never the instructions, and no subscriber', async () => {
    // Kept in the outbox, not sent, to be read.
    await app.testApp.app.mailOutbox.stop();
    const code = await aPackage();
    const [pkg] = await db().select().from(packages).where(eq(packages.trackingCode, code));
    await put(await checked(code), code, { instructions: `Side door, ${SECRET}` });
    await put(await checked(code, '9876'), code, { safePlace: { kind: 'reception' } });
    await app.testApp.app.packageEvents.runOnce();
    const sent = (await findOutboxMessages(db())).filter((message) => message.packageId === pkg!.id);
    expect(sent.map((message) => [message.to, (message.payload as { detail: string }).detail])).toEqual([
      [pkg!.email, 'recipient'],
      [pkg!.receiverEmail, 'shipper'],
    ]);
    expect(JSON.stringify(sent)).not.toContain(SECRET);
  });
});
