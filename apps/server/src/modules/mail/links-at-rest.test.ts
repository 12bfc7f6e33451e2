// One-time links waiting in the mail outbox (an invitation, a password reset, a subscription's
// confirmation) are sealed with a key kept out of the database: whatever state a row is in (waiting,
// retried while the mail server refuses, given up, sent), nothing in the table opens the link. The
// link is opened only to send it, and still works when it arrives. A delivery e-mail's rating link is
// not even sealed there: it is made as the message is written.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { packageWithPhones } from '../../../test/support/package-checks.ts';
import { deliverInConsole } from '../../../test/support/ratings.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import {
  mailOutbox,
  operatorTokens,
  packageRatingLinks,
  packages,
  trackingSubscriptions,
} from '../../db/schema/index.ts';
import { DEFAULT_OUTBOX_OPTIONS } from './outbox-worker.ts';
import { sealQueuedLinks } from './seal-queued-links.ts';

const REFUSED = ['refused.invite@waybill.test', 'refused.updates@example.org', 'refused.rating@example.org'];
const STRONG = 'Harbor-Quince-Meteor-58';

// Both databases: the outbox's rows in every state are what is checked.
describe.each(databasesFor('sql'))('one-time links in the mail outbox on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: REFUSED });
    testApp = await startTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://parcels.example.test' });
    await testApp.app.mailOutbox.stop();
    admin = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  /** The hashes the database keeps of every one-time token it issued. */
  async function tokenHashes(): Promise<Set<string>> {
    const links = await testApp.app.db.select({ hash: operatorTokens.tokenHash }).from(operatorTokens);
    const confirmations = await testApp.app.db
      .select({ hash: trackingSubscriptions.confirmTokenHash })
      .from(trackingSubscriptions);
    const ratings = await testApp.app.db.select({ hash: packageRatingLinks.tokenHash }).from(packageRatingLinks);
    return new Set(
      [...links, ...confirmations, ...ratings].map((row) => row.hash).filter((hash): hash is string => !!hash),
    );
  }

  /** Every stretch of 43 token characters in the outbox whose SHA-256 the database knows: a usable token. */
  async function usableTokensInOutbox(): Promise<string[]> {
    const text = JSON.stringify(await findOutboxMessages(testApp.app.db));
    const hashes = await tokenHashes();
    const found: string[] = [];
    for (let start = 0; start + 43 <= text.length; start++) {
      const candidate = text.slice(start, start + 43);
      if (/^[\w-]{43}$/.test(candidate) && hashes.has(createHash('sha256').update(candidate).digest('hex'))) {
        found.push(candidate);
      }
    }
    return found;
  }

  it('keeps no usable link in any row while the mail server refuses it, after it gives up, and once sent', async () => {
    expect(
      (await admin.post('/api/admin/operators', { email: REFUSED[0], name: 'Refused', role: 'operator' })).status,
    ).toBe(201);
    const sent = await admin.post('/api/admin/operators', {
      email: 'kept.invite@waybill.test',
      name: 'Kept',
      role: 'admin',
    });
    const trackingCode = await submitPackage(testApp);
    const subscribe = await testApp.client().post(`/api/track/${trackingCode}/subscriptions`, { email: REFUSED[1] });
    expect(subscribe.status).toBe(202);
    // A delivery e-mail with a rating link to the shipper, and one the mail server refuses to the receiver.
    const delivered = await packageWithPhones(testApp.app.db);
    await testApp.app.db
      .update(packages)
      .set({ receiverEmail: REFUSED[2]! })
      .where(eq(packages.trackingCode, delivered));
    await deliverInConsole(admin, delivered);
    await testApp.app.packageEvents.runOnce();

    const rows = await findOutboxMessages(testApp.app.db);
    expect(rows.filter((row) => row.kind !== 'submission-receipt')).toHaveLength(5);
    expect(JSON.stringify(rows)).not.toMatch(/token=/);
    expect(await usableTokensInOutbox()).toEqual([]);

    // The first pass: the invitation to the address that works goes out; the other two are refused.
    let now = new Date();
    const first = await testApp.app.mailOutbox.runOnce(now);
    expect(first.retrying).toBe(3);
    expect(await usableTokensInOutbox()).toEqual([]);
    const rating = smtp.received.find((mail) => /#rate=/.test(mail.parsed.text ?? ''))!;
    const ratingToken = /#rate=([\w-]{43})/.exec(rating.parsed.text ?? '')![1]!;
    expect((await tokenHashes()).has(createHash('sha256').update(ratingToken).digest('hex'))).toBe(true);
    const invitation = smtp.received.find((mail) => mail.envelopeTo.includes('kept.invite@waybill.test'))!;
    const token = /accept-invite#token=([\w-]{43})/.exec(invitation.parsed.text ?? '')![1]!;
    expect((await tokenHashes()).has(createHash('sha256').update(token).digest('hex'))).toBe(true);

    // Retried until given up: still nothing usable, in any row.
    for (let attempt = 1; attempt < DEFAULT_OUTBOX_OPTIONS.maxAttempts; attempt++) {
      now = new Date(now.getTime() + DEFAULT_OUTBOX_OPTIONS.maxDelayMs);
      await testApp.app.mailOutbox.runOnce(now);
      expect(await usableTokensInOutbox()).toEqual([]);
    }
    const given = (await findOutboxMessages(testApp.app.db)).filter((row) => row.status === 'failed');
    expect(given).toHaveLength(3);
    expect(JSON.stringify(given)).not.toContain('linkSealed');

    // The links that went out work.
    const rated = await testApp.client().post(`/api/track/${delivered}/rating`, { stars: 5, token: ratingToken });
    expect(rated.status).toBe(201);
    const accepted = await testApp.client().post('/api/auth/accept-invite', { token, password: STRONG });
    expect(accepted.status).toBe(200);
    expect(sent.status).toBe(201);
  });

  it('seals, at start, the links of messages queued before links were sealed', async () => {
    expect(
      (await admin.post('/api/admin/operators', { email: 'legacy@waybill.test', name: 'Legacy', role: 'operator' }))
        .status,
    ).toBe(201);
    const [row] = (await findOutboxMessages(testApp.app.db)).filter((message) => message.to === 'legacy@waybill.test');
    // As an earlier version stored it: the whole link in the payload.
    const [link] = await testApp.app.db
      .select()
      .from(operatorTokens)
      .where(eq(operatorTokens.id, (row!.payload as { linkId: string }).linkId));
    const token = 'L'.repeat(43);
    await testApp.app.db
      .update(operatorTokens)
      .set({ tokenHash: createHash('sha256').update(token).digest('hex') })
      .where(eq(operatorTokens.id, link!.id));
    const { linkSealed: _sealed, ...payload } = row!.payload as Record<string, unknown>;
    await testApp.app.db
      .update(mailOutbox)
      .set({ payload: { ...payload, link: `https://parcels.example.test/ops/accept-invite?token=${token}` } })
      .where(eq(mailOutbox.id, row!.id));
    expect(await usableTokensInOutbox()).toEqual([token]);

    expect(await sealQueuedLinks(testApp.app.db, testApp.app.subscriptionKeys)).toBe(1);
    expect(await usableTokensInOutbox()).toEqual([]);
    expect(await sealQueuedLinks(testApp.app.db, testApp.app.subscriptionKeys)).toBe(0);
    await testApp.app.mailOutbox.runOnce();
    const mail = smtp.received.find((received) => received.envelopeTo.includes('legacy@waybill.test'))!;
    expect(mail.parsed.text).toContain(`accept-invite?token=${token}`);
    expect(await usableTokensInOutbox()).toEqual([]);
  });
});
