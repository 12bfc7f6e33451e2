// E-mail updates for anyone tracking a package, what they refuse: answers that never tell whether an
// address is subscribed, at most five addresses a package, five requests a day a mailbox, a minute's
// rate limit, bad codes, addresses and links, and a package delivered or rejected.
import {
  MAX_SUBSCRIBERS,
  SUBSCRIBE_ACCEPTED,
  SUBSCRIBERS_FULL,
  UPDATE_REQUESTS_PER_MAILBOX,
  UPDATES_CLOSED_DELIVERED,
  UPDATES_CLOSED_REJECTED,
} from '@waybill/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import {
  CONFIRM_PATH,
  linkIn,
  type SubscriptionsApp,
  startSubscriptionsApp,
  stopSubscriptionsApp,
  subscriptionSteps,
  UNSUBSCRIBE_PATH,
  unique,
} from '../../../test/support/subscriptions.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { trackingSubscriptions } from '../../db/schema/index.ts';
import { SUBSCRIBE_ANSWER_FLOOR_MS } from './subscriptions.routes.ts';

// One database for the apps of this file outside describe.each: what they check is decided before the database.
const ONE_DATABASE = databasesFor('any')[0]!;

// Both databases: limits counted in rows.
describe.each(databasesFor('sql'))('e-mail updates on %s', (kind) => {
  let subscriptions: SubscriptionsApp;
  let testApp: TestApp;
  let operator: TestClient;
  let visitor: TestClient;
  beforeAll(async () => {
    subscriptions = await startSubscriptionsApp(kind);
    ({ testApp, operator, visitor } = subscriptions);
  });
  afterAll(() => stopSubscriptionsApp(subscriptions));
  const { deliver, subscribe, to, changeStatus, pressConfirm, confirmed } = subscriptionSteps(() => subscriptions);

  it('answers the same whether the address is new, waiting or confirmed, and mails a waiting address at most every 5 minutes', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const confirmedEmail = unique('known');
    await confirmed(trackingCode, confirmedEmail);
    const waiting = unique('waiting');
    // Each answer is timed too: a known address, which costs the server less work, is not answered sooner.
    const timed = async (email: string) => {
      const startedAt = performance.now();
      const answer = await subscribe(trackingCode, email);
      return { answer, ms: performance.now() - startedAt };
    };
    const runs = [await timed(unique('fresh')), await timed(waiting), await timed(confirmedEmail.toUpperCase())];
    for (const { ms } of runs) expect(ms).toBeGreaterThanOrEqual(SUBSCRIBE_ANSWER_FLOOR_MS);
    const answers = runs.map((run) => run.answer);
    // One confirmation for each new address, none for the confirmed one.
    const { received } = await deliver();
    expect(received).toHaveLength(2);
    expect(to(received, waiting)).toHaveLength(1);
    expect(to(received, confirmedEmail)).toEqual([]);
    // Asked again at once: the same answer, no second e-mail to fill a stranger's inbox.
    const again = await timed(waiting);
    expect(again.ms).toBeGreaterThanOrEqual(SUBSCRIBE_ANSWER_FLOOR_MS);
    answers.push(again.answer);
    expect((await deliver()).received).toEqual([]);
    expect(answers.map((answer) => [answer.status, answer.text])).toEqual(
      answers.map(() => [202, JSON.stringify({ message: SUBSCRIBE_ACCEPTED })]),
    );
  });

  it('refuses a sixth address, and a sixth confirmation, with a clear 409', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const late = unique('late');
    expect((await subscribe(trackingCode, late)).status).toBe(202);
    const [lateConfirmation] = to((await deliver()).received, late);
    const addresses = Array.from({ length: MAX_SUBSCRIBERS }, (_, index) => unique(`watcher${index}`));
    for (const email of addresses) await confirmed(trackingCode, email);

    // The console sees how many, never who.
    const details = await operator.get(`/api/admin/packages/${trackingCode}`);
    expect(details.body.subscribers).toBe(MAX_SUBSCRIBERS);
    expect(details.text).not.toContain(addresses[0]!.split('@')[0]!);

    const sixth = await subscribe(trackingCode, unique('sixth'));
    expect(sixth.status).toBe(409);
    expect(sixth.body).toEqual({ message: SUBSCRIBERS_FULL });
    // Refused alike for an address already among the five: the refusal tells nothing about it.
    expect((await subscribe(trackingCode, addresses[0]!)).body).toEqual({ message: SUBSCRIBERS_FULL });
    // A link asked for before the package filled up cannot make a sixth.
    const page = await pressConfirm(linkIn(lateConfirmation!, CONFIRM_PATH));
    expect(page.status).toBe(409);
    expect(page.text).toContain('No room for another address');

    await changeStatus(trackingCode, 'Shipped');
    const { received } = await deliver();
    expect(received.flatMap((mail) => mail.envelopeTo).sort()).toEqual(addresses.map((a) => a.toLowerCase()).sort());
  });

  it('answers an unknown code, a bad address and bad links clearly, storing nothing', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const before = (await testApp.app.db.select().from(trackingSubscriptions)).length;
    const unknown = await subscribe('WB000000000000', unique('nobody'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Package not found/);
    const invalid = await subscribe(trackingCode, 'not an address');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ email: 'Invalid email address' });
    expect((await subscribe(trackingCode, `${'a'.repeat(300)}@example.org`)).status).toBe(400);
    expect((await testApp.app.db.select().from(trackingSubscriptions)).length).toBe(before);
    // Without SMS_PROVIDER the tracking page's text updates do not exist, for a known package too.
    for (const path of ['text-subscriptions', 'text-subscriptions/confirm']) {
      const texts = await visitor.post(`/api/track/${trackingCode}/${path}`, {
        phone: '+2348031234567',
        code: '123456',
      });
      expect([path, texts.status, texts.body.message]).toEqual([path, 404, expect.stringMatching(/^Route POST/)]);
    }

    for (const link of [
      `${CONFIRM_PATH}${'A'.repeat(43)}`,
      `${CONFIRM_PATH}short`,
      '/api/subscriptions/confirm',
      `${UNSUBSCRIBE_PATH}${'B'.repeat(43)}`,
    ]) {
      const page = await visitor.get(link);
      expect([link, page.status]).toEqual([link, 404]);
      expect(page.text).toContain('This link is not valid');
    }
    const unknownPost = await testApp.client().request('POST', `${UNSUBSCRIBE_PATH}${'C'.repeat(43)}`, { xsrf: false });
    expect(unknownPost.status).toBe(404);
    expect((await visitor.get(`${CONFIRM_PATH}${'x'.repeat(500)}`)).status).toBe(400);
  });

  it('refuses e-mail updates for a delivered or rejected package with 409 and the reason, storing nothing', async () => {
    const delivered = (await acceptedPackage(testApp, operator)).trackingCode;
    await changeStatus(delivered, 'Delivered');
    const rejected = await submitPackage(testApp);
    expect((await operator.post('/api/admin/reject', { trackingCode: rejected })).status).toBe(200);
    const before = await testApp.app.db.select().from(trackingSubscriptions);
    for (const [code, reason] of [
      [delivered, UPDATES_CLOSED_DELIVERED],
      [rejected, UPDATES_CLOSED_REJECTED],
    ] as const) {
      const answer = await subscribe(code, unique('late'));
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ message: reason });
    }
    expect(await testApp.app.db.select().from(trackingSubscriptions)).toEqual(before);
    expect(
      (await deliver()).received.filter((mail) => /Confirm e-mail updates/.test(mail.parsed.subject ?? '')),
    ).toEqual([]);
  });

  it('asks one mailbox at most five times a day, whatever the package, its plus-address and dot variants counted as one', async () => {
    const base = `mailbox${Math.random().toString(36).slice(2, 8)}`;
    const variants = [
      `${base}@gmail.com`,
      `${base.slice(0, 3)}.${base.slice(3)}@gmail.com`,
      `${base}+parcels@gmail.com`,
      `${base.toUpperCase()}@GoogleMail.com`,
      `${base}+shoes@gmail.com`,
    ];
    expect(variants).toHaveLength(UPDATE_REQUESTS_PER_MAILBOX);
    const confirmations = async () =>
      (await findOutboxMessages(testApp.app.db)).filter((row) => row.kind === 'subscription-confirm').length;
    const before = await confirmations();
    for (const email of variants) {
      const { trackingCode } = await acceptedPackage(testApp, operator);
      expect((await subscribe(trackingCode, email)).status).toBe(202);
    }
    expect(await confirmations()).toBe(before + UPDATE_REQUESTS_PER_MAILBOX);
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const refused = await subscribe(trackingCode, `${base.slice(0, 2)}.${base.slice(2)}+again@gmail.com`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: 'This address has been sent too many confirmation e-mails. Please try again in 24 hours.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await confirmations()).toBe(before + UPDATE_REQUESTS_PER_MAILBOX);
    // Another mailbox is not limited by it.
    expect((await subscribe(trackingCode, `other.${base}@gmail.com`)).status).toBe(202);
  });
});

describe('asking for e-mail updates is rate limited', () => {
  it('refuses the third request a minute from one address with 429 at 2/minute', async () => {
    const testApp = await startTestApp(ONE_DATABASE, { RATE_LIMITS: 'on', RATE_LIMIT_FORMS: '2/minute' });
    try {
      await testApp.app.mailOutbox.stop();
      const { trackingCode } = await acceptedPackage(testApp, await testApp.operator());
      const visitor = testApp.client();
      const statuses: number[] = [];
      for (const name of ['one', 'two', 'three']) {
        statuses.push((await visitor.post(`/api/track/${trackingCode}/subscriptions`, { email: unique(name) })).status);
      }
      expect(statuses).toEqual([202, 202, 429]);
    } finally {
      await testApp.close();
    }
  });
});
