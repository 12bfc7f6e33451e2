// E-mail updates for anyone tracking a package, by their links: double opt-in, one e-mail per event
// through the outbox, one-click unsubscribe (page button and RFC 8058 POST), the pages of the links, a
// confirmation link's 48 hours and the key that seals the addresses. Checked against a real SMTP server.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SUBSCRIBE_ACCEPTED } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import {
  CONFIRM_PATH,
  headerLine,
  linkIn,
  PUBLIC_URL,
  type SubscriptionsApp,
  startSubscriptionsApp,
  stopSubscriptionsApp,
  subscriptionSteps,
  UNSUBSCRIBE_PATH,
  unique,
} from '../../../test/support/subscriptions.ts';
import type { TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { auditLog, mailLog, trackingSubscriptions } from '../../db/schema/index.ts';
import { KEY_FILE_NAME } from '../../plugins/subscription-keys/keys.ts';
import { requestUpdates } from './subscriptions.service.ts';

// Both databases: one e-mail per event through the outbox.
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
  const { deliver, subscribe, to, changeStatus, addLocation, pressConfirm, confirmed } = subscriptionSteps(
    () => subscriptions,
  );

  it('confirms by the link, then mails each status change and location once, until unsubscribed by the page', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await deliver();
    const email = unique('Ada.Watcher');

    const answer = await subscribe(trackingCode, email);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: SUBSCRIBE_ACCEPTED });

    // Unconfirmed: the confirmation goes, an update does not.
    await changeStatus(trackingCode, 'Processing');
    const first = await deliver();
    const [confirmation, ...others] = to(first.received, email);
    expect(others).toEqual([]);
    expect(first.received).toHaveLength(1);
    expect(confirmation!.parsed.subject).toBe(`Confirm e-mail updates for package ${trackingCode}`);
    expect(confirmation!.parsed.text).toContain('48 hours');
    const confirmLink = linkIn(confirmation!, CONFIRM_PATH);
    expect(confirmation!.parsed.html).toContain(`href="${PUBLIC_URL}${confirmLink}"`);

    // Neither the outbox nor the mail log keeps the address or, once sent, the link; the row holds it sealed.
    const outbox = await findOutboxMessages(testApp.app.db);
    expect(JSON.stringify(outbox)).not.toContain(email.toLowerCase());
    expect(JSON.stringify(outbox)).not.toContain(confirmLink.slice(CONFIRM_PATH.length));
    expect(JSON.stringify(await testApp.app.db.select().from(mailLog))).not.toContain(email.toLowerCase());
    const rows = await testApp.app.db.select().from(trackingSubscriptions);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain(email.toLowerCase());

    // Opening the link (as a mail scanner would) confirms nothing: the page offers a button that posts.
    const confirmOffer = await visitor.get(confirmLink);
    expect(confirmOffer.status).toBe(200);
    expect(confirmOffer.headers.get('content-type')).toContain('text/html');
    expect(confirmOffer.text).toContain('Confirm e-mail updates?');
    expect(confirmOffer.text).toContain(`<form method="post" action="${confirmLink}">`);
    expect((await visitor.request('HEAD', confirmLink)).status).toBe(200);
    await changeStatus(trackingCode, 'Package in sorting hub');
    expect(to((await deliver()).received, email)).toEqual([]);

    const confirmPage = await pressConfirm(confirmLink);
    expect(confirmPage.status).toBe(200);
    expect(confirmPage.text).toContain('E-mail updates confirmed');
    // Used: the same link again says so, opened or pressed, rather than calling the link unknown.
    for (const reused of [await visitor.get(confirmLink), await pressConfirm(confirmLink)]) {
      expect(reused.status).toBe(200);
      expect(reused.text).toContain('Already confirmed');
      expect(reused.text).not.toContain('This link is not valid');
    }

    await changeStatus(trackingCode, 'Shipped');
    await addLocation(trackingCode, 'Oakland hub');
    await addLocation(trackingCode, 'Oakland hub');
    const updates = await deliver();
    expect(updates.received.map((mail) => mail.parsed.subject).sort()).toEqual([
      `Package ${trackingCode} location update`,
      `Package ${trackingCode} location update`,
      `Package ${trackingCode}: Shipped`,
    ]);
    expect(to(updates.received, email)).toHaveLength(3);
    const update = updates.received[0]!;
    const unsubscribeLink = linkIn(update, UNSUBSCRIBE_PATH);
    expect(headerLine(update, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerLine(update, 'List-Unsubscribe')).toBe(`<${PUBLIC_URL}${unsubscribeLink}>`);
    expect((await deliver()).received).toEqual([]); // exactly once per event

    // Opening the link (as a mail scanner would) changes nothing: the page offers a button that posts.
    const offer = await visitor.get(unsubscribeLink);
    expect(offer.status).toBe(200);
    expect(offer.text).toContain(`<form method="post" action="${unsubscribeLink}">`);
    await changeStatus(trackingCode, 'In Transit');
    expect(to((await deliver()).received, email)).toHaveLength(1);

    // The button: a plain form post, with no cookie and no anti-forgery header.
    const done = await testApp.client().request('POST', unsubscribeLink, {
      raw: { body: '', contentType: 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Unsubscribed');
    await changeStatus(trackingCode, 'Out for Delivery');
    await addLocation(trackingCode, 'Front door');
    expect((await deliver()).received).toEqual([]);
    // A repeat is harmless and says the same.
    expect((await visitor.get(unsubscribeLink)).text).toContain('gets no more e-mail updates');
    expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.subscribers).toBe(0);

    const audit = await testApp.app.db.select().from(auditLog).where(eq(auditLog.targetId, trackingCode));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['package.updates_requested', 'package.updates_confirmed', 'package.updates_ended']),
    );
    expect(JSON.stringify(audit).toLowerCase()).not.toContain(email.toLowerCase());
    expect(
      audit.filter((entry) => entry.action.startsWith('package.updates')).every((e) => e.actorKind === 'customer'),
    ).toBe(true);
  });

  it("unsubscribes by the mail client's one-click POST (RFC 8058), form-encoded or multipart, and a new request needs a new confirmation", async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    const email = unique('grace');
    await confirmed(trackingCode, email);
    await changeStatus(trackingCode, 'Shipped');
    const [update] = to((await deliver()).received, email);
    const header = headerLine(update!, 'List-Unsubscribe')!;
    const oneClick = await fetch(header.slice(1, -1).replace(PUBLIC_URL, testApp.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await changeStatus(trackingCode, 'In Transit');
    expect((await deliver()).received).toEqual([]);

    // RFC 8058 prefers multipart/form-data for that body: a mail client sending it is answered alike.
    const other = unique('hopper');
    await confirmed(trackingCode, other);
    await changeStatus(trackingCode, 'Processing');
    const [otherUpdate] = to((await deliver()).received, other);
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    const multipart = await fetch(
      headerLine(otherUpdate!, 'List-Unsubscribe')!.slice(1, -1).replace(PUBLIC_URL, testApp.baseUrl),
      { method: 'POST', body: form },
    );
    expect(multipart.status).toBe(200);
    expect(await multipart.text()).toContain('Unsubscribed');
    await changeStatus(trackingCode, 'Shipped');
    expect((await deliver()).received).toEqual([]);

    // Asking again starts over with a confirmation; nothing is sent until it is clicked.
    expect((await subscribe(trackingCode, email)).status).toBe(202);
    await changeStatus(trackingCode, 'Out for Delivery');
    const again = await deliver();
    expect(again.received.map((mail) => mail.parsed.subject)).toEqual([
      `Confirm e-mail updates for package ${trackingCode}`,
    ]);
  });

  it('shows the site’s mark and a link home on every page of a link', async () => {
    const page = await visitor.get(`${CONFIRM_PATH}${'A'.repeat(43)}`);
    expect(page.text).toMatch(/<header><a class="brand" href="\/" aria-label="Waybill home"><svg[^>]*>/);
    expect(page.text).toContain('<span>Waybill</span>');
  });

  it('keeps a confirmation link working for 48 hours, and answers it with 410 after', async () => {
    const app = testApp.app;
    const deps = { db: app.db, keys: app.subscriptionKeys, publicUrl: PUBLIC_URL };
    const HOUR = 60 * 60_000;
    const outcomes: number[] = [];
    // A minute either side of the 48 hours, asked for through the service on a moved clock.
    for (const age of [48 * HOUR - 60_000, 48 * HOUR + 60_000]) {
      const { trackingCode } = await acceptedPackage(testApp, operator);
      const email = unique('slow');
      await requestUpdates(deps, { kind: 'customer' }, trackingCode, email, new Date(Date.now() - age));
      const [confirmation] = to((await deliver()).received, email);
      const page = await visitor.get(linkIn(confirmation!, CONFIRM_PATH));
      outcomes.push(page.status);
      if (page.status === 410) expect(page.text).toContain('This link has expired');
    }
    expect(outcomes).toEqual([200, 410]);
  });

  it('keeps the sealing key outside the database, in DATA_DIR when SUBSCRIPTION_KEY is unset', async () => {
    const file = path.join(testApp.dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
  });
});
