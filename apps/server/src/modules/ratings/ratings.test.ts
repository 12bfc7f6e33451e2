// Rating the delivery on the tracking page (docs/decisions/0051): a checked recipient or sender, after
// Delivered, once, for 14 days; bad stars and comments refused field by field; the comment in neither
// the public answer nor the audit log. *Both databases*: one row a package, inserted under its key.
import {
  ALREADY_RATED,
  COMMENT_CONTROL,
  RATING_CHECK_REQUIRED,
  RATING_DAYS,
  RATING_LINK_INVALID,
  ratingClosed,
  ratingNotYet,
  STARS_RANGE,
} from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { checksApp, packageWithPhones } from '../../../test/support/package-checks.ts';
import { deliverInConsole, moveDeliveryBack, ratingsOf } from '../../../test/support/ratings.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog } from '../../db/schema/index.ts';

/** A word no other text of the package holds: found nowhere public. */
const SECRET = 'Quokkaroad';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databasesFor('sql'))('rating the delivery on %s', (kind) => {
  const app = checksApp(kind);
  const db = () => app.testApp.app.db;
  let admin: TestClient;
  beforeAll(async () => {
    admin = await app.testApp.operator();
  });
  /** A client checked as the recipient (4412) or the sender (9876) of `code`. */
  const checked = async (code: string, digits = '4412') => {
    const client = app.testApp.client();
    expect((await client.post(`/api/track/${code}/verify`, { phoneLast4: digits })).status).toBe(204);
    return client;
  };
  const delivered = async () => {
    const code = await packageWithPhones(db());
    await deliverInConsole(admin, code);
    return code;
  };
  const rate = (client: TestClient, code: string, body: unknown) => client.post(`/api/track/${code}/rating`, body);

  it('refuses a visitor neither checked for this package nor holding a link, and a package not yet delivered', async () => {
    const code = await packageWithPhones(db());
    const stranger = app.testApp.client();
    for (const answer of [await rate(stranger, code, { stars: 5 }), await stranger.get(`/api/track/${code}/rating`)]) {
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(RATING_CHECK_REQUIRED);
    }
    const ofAnother = await checked(await delivered());
    expect((await rate(ofAnother, code, { stars: 5 })).status).toBe(401);
    expect((await rate(stranger, code, { stars: 5, token: 'A'.repeat(43) })).body.message).toBe(RATING_LINK_INVALID);

    const recipient = await checked(code);
    expect((await recipient.get(`/api/track/${code}/rating`)).body).toEqual({
      canRate: false,
      rating: null,
      until: null,
    });
    const early = await rate(recipient, code, { stars: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ratingNotYet('Order Placed'));
    expect(await ratingsOf(db(), code)).toBe(0);
  });

  it('takes one rating from the checked recipient, keeps its comment from the public and the log, and no second', async () => {
    const code = await delivered();
    const recipient = await checked(code);
    const before = await recipient.get(`/api/track/${code}/rating`);
    expect(before.headers.get('cache-control')).toBe('private, no-store');
    expect(before.body).toMatchObject({ canRate: true, rating: null });
    const until = new Date(before.body.until).getTime();
    expect(Math.abs(until - (Date.now() + RATING_DAYS * DAY_MS))).toBeLessThan(60_000);

    const answer = await rate(recipient, code, { stars: 2, comment: `  Late again.\nThe box was wet, ${SECRET}. ` });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({
      stars: 2,
      comment: `Late again.\nThe box was wet, ${SECRET}.`,
      ratedAt: expect.any(String),
    });
    expect((await recipient.get(`/api/track/${code}/rating`)).body).toMatchObject({
      canRate: false,
      rating: answer.body,
    });

    const second = await rate(await checked(code, '9876'), code, { stars: 5 });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ALREADY_RATED);
    expect(await ratingsOf(db(), code)).toBe(1);

    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, code));
    expect(entries.filter((entry) => entry.action === 'package.rated').map((entry) => entry.after)).toEqual([
      { stars: 2, by: 'recipient', how: 'check' },
    ]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    const publicAnswer = await app.testApp.client().get(`/api/track/${code}`);
    expect(publicAnswer.status).toBe(200);
    expect(publicAnswer.text).not.toContain(SECRET);
    expect((await app.testApp.client().get(`/track/${code}`)).text).not.toContain(SECRET);
  });

  it('refuses bad stars and comments field by field, storing nothing', async () => {
    const code = await delivered();
    const sender = await checked(code, '9876');
    const cases: [unknown, string, string][] = [
      [{ stars: 0 }, 'stars', STARS_RANGE],
      [{ stars: 6 }, 'stars', STARS_RANGE],
      [{ stars: 4.5 }, 'stars', STARS_RANGE],
      [{ stars: '5' }, 'stars', STARS_RANGE],
      [{ comment: 'Fine' }, 'stars', STARS_RANGE],
      [{ stars: 4, comment: 'x'.repeat(501) }, 'comment', 'At most 500 characters'],
      [{ stars: 4, comment: 'Ring\u0007 twice' }, 'comment', COMMENT_CONTROL],
    ];
    for (const [body, field, message] of cases) {
      const answer = await rate(sender, code, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await ratingsOf(db(), code)).toBe(0);
    // At the limit, with a line break: taken, as the sender's.
    const taken = await rate(sender, code, { stars: 4, comment: `${'x'.repeat(499)}\n` });
    expect(taken.status).toBe(201);
    const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, code));
    expect(entries.find((entry) => entry.action === 'package.rated')?.after).toEqual({
      stars: 4,
      by: 'shipper',
      how: 'check',
    });
  });

  it(`closes ${RATING_DAYS} days after the delivery`, async () => {
    const code = await delivered();
    const recipient = await checked(code);
    await moveDeliveryBack(db(), code, RATING_DAYS - 1);
    expect((await recipient.get(`/api/track/${code}/rating`)).body.canRate).toBe(true);
    await moveDeliveryBack(db(), code, RATING_DAYS + 1);
    expect((await recipient.get(`/api/track/${code}/rating`)).body.canRate).toBe(false);
    const late = await rate(recipient, code, { stars: 3 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ratingClosed(RATING_DAYS));
    expect(await ratingsOf(db(), code)).toBe(0);
  });
});
