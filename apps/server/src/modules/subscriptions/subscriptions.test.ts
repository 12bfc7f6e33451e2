// E-mail updates for anyone tracking a package: double opt-in, one e-mail per event through the
// outbox, one-click unsubscribe (page button and RFC 8058 POST), at most five addresses, and answers
// that never tell whether an address is subscribed. Checked against a real SMTP server.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  MAX_SUBSCRIBERS,
  SUBSCRIBE_ACCEPTED,
  SUBSCRIBERS_FULL,
  UPDATE_REQUESTS_PER_MAILBOX,
  UPDATES_CLOSED_DELIVERED,
  UPDATES_CLOSED_REJECTED,
} from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedShipment, submitShipment } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { auditLog, mailLog, trackingSubscriptions } from '../../db/schema/index.ts';
import { KEY_FILE_NAME } from '../../plugins/subscription-keys/keys.ts';
import { SUBSCRIBE_ANSWER_FLOOR_MS } from './subscriptions.routes.ts';
import { requestUpdates } from './subscriptions.service.ts';

// One database for the apps of this file outside describe.each: what they check is decided before the database.
const ONE_DATABASE = databasesFor('any')[0]!;

const PUBLIC_URL = 'https://parcels.example.test';
const CONFIRM_PATH = '/api/subscriptions/confirm?token=';
const UNSUBSCRIBE_PATH = '/api/subscriptions/unsubscribe?token=';

/** A header field as the message carried it (mailparser folds List-* fields into one object). */
function headerLine(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** The link after `marker` in a message's text, as the path the test server answers. */
function linkIn(mail: ReceivedMail, marker: string): string {
  const text = mail.parsed.text ?? '';
  const start = text.indexOf(`${PUBLIC_URL}${marker}`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n', start);
  return text.slice(start + PUBLIC_URL.length, end === -1 ? undefined : end).trim();
}

const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@example.org`;

// Both databases: one e-mail per event through the outbox, limits counted in rows.
describe.each(databasesFor('sql'))('e-mail updates on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  let visitor: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { PUBLIC_URL, SMTP_URL: smtp.url });
    // The tests drive the sender themselves, so no timer sends behind their back.
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
    visitor = testApp.client();
    // The customers' own notifications turned off: subscribers get their updates regardless.
    expect((await operator.put('/api/admin/notification-settings', { notifyCustomers: false })).body).toEqual({
      notifyCustomers: false,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  /** Sends what is due; the messages that arrived in that pass, and the pass's counts. */
  async function deliver() {
    const before = smtp.received.length;
    const run = await testApp.app.mailOutbox.runOnce();
    return { run, received: smtp.received.slice(before) };
  }
  const subscribe = (code: string, email: string) => visitor.post(`/api/track/${code}/subscriptions`, { email });
  const to = (received: ReceivedMail[], email: string) =>
    received.filter((mail) => mail.envelopeTo.some((address) => address.toLowerCase() === email.toLowerCase()));
  const changeStatus = async (trackingCode: string, status: string) =>
    expect((await operator.post('/api/admin/update-status', { trackingCode, status })).status).toBe(200);
  const addLocation = async (trackingCode: string, location: string) =>
    expect((await operator.post('/api/admin/location-update', { trackingCode, location })).status).toBe(201);

  /** The confirmation page's button: a plain form post, with no cookie and no anti-forgery header. */
  const pressConfirm = (link: string) =>
    testApp.client().request('POST', link, {
      raw: { body: '', contentType: 'application/x-www-form-urlencoded' },
      xsrf: false,
    });

  /** Subscribes and confirms `email` (opens the link, presses the button); returns the confirmation e-mail. */
  async function confirmed(code: string, email: string) {
    expect((await subscribe(code, email)).status).toBe(202);
    const [confirmation] = to((await deliver()).received, email);
    const link = linkIn(confirmation!, CONFIRM_PATH);
    expect((await visitor.get(link)).status).toBe(200);
    const page = await pressConfirm(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('E-mail updates confirmed');
    return confirmation!;
  }

  it('confirms by the link, then mails each status change and location once, until unsubscribed by the page', async () => {
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
    const { trackingCode } = await acceptedShipment(testApp, operator);
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

  it('answers the same whether the address is new, waiting or confirmed, and mails a waiting address at most every 5 minutes', async () => {
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
    const { trackingCode } = await acceptedShipment(testApp, operator);
    const before = (await testApp.app.db.select().from(trackingSubscriptions)).length;
    const unknown = await subscribe('WB000000000000', unique('nobody'));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Package not found/);
    const invalid = await subscribe(trackingCode, 'not an address');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ email: 'Invalid email address' });
    expect((await subscribe(trackingCode, `${'a'.repeat(300)}@example.org`)).status).toBe(400);
    expect((await testApp.app.db.select().from(trackingSubscriptions)).length).toBe(before);

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
    const delivered = (await acceptedShipment(testApp, operator)).trackingCode;
    await changeStatus(delivered, 'Delivered');
    const rejected = await submitShipment(testApp);
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
      const { trackingCode } = await acceptedShipment(testApp, operator);
      expect((await subscribe(trackingCode, email)).status).toBe(202);
    }
    expect(await confirmations()).toBe(before + UPDATE_REQUESTS_PER_MAILBOX);
    const { trackingCode } = await acceptedShipment(testApp, operator);
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
      const { trackingCode } = await acceptedShipment(testApp, operator);
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

describe('asking for e-mail updates is rate limited', () => {
  it('refuses the third request a minute from one address with 429 at 2/minute', async () => {
    const testApp = await startTestApp(ONE_DATABASE, { RATE_LIMITS: 'on', RATE_LIMIT_FORMS: '2/minute' });
    try {
      await testApp.app.mailOutbox.stop();
      const { trackingCode } = await acceptedShipment(testApp, await testApp.operator());
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
