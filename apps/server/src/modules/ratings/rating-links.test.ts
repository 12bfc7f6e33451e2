// The delivery e-mail's rating links (docs/decisions/0051): one to the shipper and one to the receiver,
// none to the subscribers, the token in the address's fragment; each works once, for its own package,
// and every link of a package dies with its first rating. Read from a real SMTP server.
// *Both databases*: the links are rows found by their hash.
import { RATING_LINK_INVALID, RATING_LINK_OTHER_PACKAGE } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageWithPhones } from '../../../test/support/package-checks.ts';
import { ratingsOf } from '../../../test/support/ratings.ts';
import {
  PUBLIC_URL,
  type SubscriptionsApp,
  startSubscriptionsApp,
  stopSubscriptionsApp,
  subscriptionSteps,
  unique,
} from '../../../test/support/subscriptions.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import type { ReceivedMail } from '../../../test/support/test-smtp-server.ts';
import { auditLog, packageRatingLinks, packages } from '../../db/schema/index.ts';

const RATE = /\/track\/([A-Z0-9]+)#rate=([\w-]{43})/;

describe.each(databasesFor('sql'))('the rating links of the delivery e-mail on %s', (kind) => {
  let current: SubscriptionsApp;
  beforeAll(async () => {
    current = await startSubscriptionsApp(kind);
    await current.operator.put('/api/admin/notification-settings', { notifyCustomers: true });
  }, 60_000);
  afterAll(() => stopSubscriptionsApp(current));
  const steps = subscriptionSteps(() => current);
  const db = () => current.testApp.app.db;

  /** A package delivered in the console, its events heard and its e-mails sent: those that arrived. */
  async function deliveredWithMail(subscriber?: string) {
    const code = await packageWithPhones(db());
    if (subscriber) await steps.confirmed(code, subscriber);
    await steps.changeStatus(code, 'Delivered');
    await current.testApp.app.packageEvents.runOnce();
    const [pkg] = await db().select().from(packages).where(eq(packages.trackingCode, code));
    return { code, pkg: pkg!, received: (await steps.deliver()).received };
  }
  const tokenIn = (mail: ReceivedMail | undefined) => {
    const found = RATE.exec(mail?.parsed.text ?? '');
    return found ? { code: found[1]!, token: found[2]! } : undefined;
  };
  const rate = (code: string, body: unknown) => current.testApp.client().post(`/api/track/${code}/rating`, body);

  it('sends the shipper and the receiver each a link that works once, none to a subscriber, and kills both on use', async () => {
    const subscriber = unique('watcher');
    const { code, pkg, received } = await deliveredWithMail(subscriber);
    const shipper = tokenIn(steps.to(received, pkg.email)[0]);
    const receiver = tokenIn(steps.to(received, pkg.receiverEmail)[0]);
    expect(steps.to(received, subscriber)).toHaveLength(1);
    expect(tokenIn(steps.to(received, subscriber)[0])).toBeUndefined();
    expect(shipper?.code).toBe(code);
    expect(receiver?.code).toBe(code);
    expect(shipper!.token).not.toBe(receiver!.token);
    const html = steps.to(received, pkg.receiverEmail)[0]!.parsed.html as string;
    expect(html).toContain(`${PUBLIC_URL}/track/${code}#rate=${receiver!.token}`);
    expect(html).toContain('Rate the delivery');

    const rated = await rate(code, { stars: 1, comment: 'Thrown over the fence', token: receiver!.token });
    expect(rated.status, rated.text).toBe(201);
    expect(rated.body).toMatchObject({ stars: 1, comment: 'Thrown over the fence' });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'package.rated'));
    expect(entry?.after).toEqual({ stars: 1, by: 'recipient', how: 'link' });

    for (const token of [receiver!.token, shipper!.token]) {
      const again = await rate(code, { stars: 5, token });
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(RATING_LINK_INVALID);
    }
    expect(await ratingsOf(db(), code)).toBe(1);
    expect(await db().select().from(packageRatingLinks).where(eq(packageRatingLinks.packageId, pkg.id))).toEqual([]);
  });

  it("refuses one package's link on another, and a link with notifications off is never made", async () => {
    const first = await deliveredWithMail();
    const second = await deliveredWithMail();
    const token = tokenIn(steps.to(first.received, first.pkg.receiverEmail)[0])!.token;
    const crossed = await rate(second.code, { stars: 4, token });
    expect(crossed.status).toBe(403);
    expect(crossed.body.message).toBe(RATING_LINK_OTHER_PACKAGE);
    expect(await ratingsOf(db(), second.code)).toBe(0);
    // The shipper's own link works on its own package, as the shipper's.
    const own = tokenIn(steps.to(second.received, second.pkg.email)[0])!.token;
    expect((await rate(second.code, { stars: 4, token: own })).status).toBe(201);

    await current.operator.put('/api/admin/notification-settings', { notifyCustomers: false });
    try {
      const quiet = await deliveredWithMail();
      expect(quiet.received).toEqual([]);
      expect(
        await db().select().from(packageRatingLinks).where(eq(packageRatingLinks.packageId, quiet.pkg.id)),
      ).toEqual([]);
    } finally {
      await current.operator.put('/api/admin/notification-settings', { notifyCustomers: true });
    }
  });
});
