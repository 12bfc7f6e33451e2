import { findFreePort } from '@waybill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { findPackageByCode } from '../packages/packages.repository.ts';
import {
  enqueueStatusNotification,
  STATUS_NOTIFICATION_KIND,
  type StatusNotificationInput,
} from './enqueue-status-notification.ts';
import { createMailer } from './mailer.ts';
import { claimDueMessages } from './outbox.repository.ts';
import { DEFAULT_OUTBOX_OPTIONS, processOutbox } from './outbox-worker.ts';
import { mailContextOf } from './templates/index.ts';

const ENV = { PUBLIC_URL: 'https://waybill.test', COMPANY_NAME: 'Waybill' };

/** Queues a notification again the way the packages service does (e.g. a retried request, a second process). */
async function changeAndNotify(testApp: TestApp, trackingCode: string, input: Omit<StatusNotificationInput, 'pkg'>) {
  return testApp.app.db.transaction(async (tx) => {
    const pkg = await findPackageByCode(tx, trackingCode);
    return enqueueStatusNotification(tx, { pkg: pkg!, ...input });
  });
}

const SECOND = 1000;

/** The queued status notifications (a submission also queues its shipper's receipt, which is always sent). */
async function findNotifications(testApp: TestApp) {
  return (await findOutboxMessages(testApp.app.db)).filter((row) => row.kind === STATUS_NOTIFICATION_KIND);
}

// Both databases: the outbox's claims, retries and backoff are rows.
describe.each(databasesFor('sql'))('customer notifications on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { ...ENV, SMTP_URL: smtp.url });
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  it('keeps the notify-customers setting, on until switched off', async () => {
    expect((await testApp.client().get('/api/admin/notification-settings')).status).toBe(401);
    expect((await operator.get('/api/admin/notification-settings')).body).toEqual({ notifyCustomers: true });
    const invalid = await operator.put('/api/admin/notification-settings', { notifyCustomers: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('notifyCustomers must be true or false');

    const off = await operator.put('/api/admin/notification-settings', { notifyCustomers: false });
    expect(off.body).toEqual({ notifyCustomers: false });
    const trackingCode = (await acceptedPackage(testApp, operator)).trackingCode;
    expect(await changeAndNotify(testApp, trackingCode, { event: 'accepted' })).toBe(0);
    expect(await findNotifications(testApp)).toEqual([]);

    const saved = await operator.put('/api/admin/notification-settings', { notifyCustomers: true });
    expect(saved.body).toEqual({ notifyCustomers: true });
    expect((await operator.get('/api/admin/notification-settings')).body).toEqual({ notifyCustomers: true });
  });

  it('the running worker delivers a queued notification to the shipper and the receiver', async () => {
    const fields = packageFields();
    const trackingCode = await submitPackage(testApp, fields);
    // Accepting queues the notification; the worker's timer sends it (and the shipper's receipt).
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(200);

    const accepted = () => smtp.received.filter((mail) => mail.parsed.subject === `Package ${trackingCode} accepted`);
    await expect.poll(() => accepted().length, { timeout: 15 * SECOND, interval: 50 }).toBe(2);
    const received = accepted();
    expect(received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([fields.email, fields.remail].sort());
    for (const { parsed } of received) {
      expect(parsed.subject).toBe(`Package ${trackingCode} accepted`);
      expect(parsed.html).toContain(`href="https://waybill.test/track/${trackingCode}"`);
    }
    expect(received.find((mail) => mail.envelopeTo[0] === fields.email)!.parsed.text).toContain(
      `Hello ${fields.name},`,
    );
    // The same event queued again sends nothing.
    expect(await changeAndNotify(testApp, trackingCode, { event: 'accepted' })).toBe(0);
  });

  it('queues a status change once per recipient and sends it once', async () => {
    await testApp.app.mailOutbox.stop();
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await testApp.app.mailOutbox.runOnce();
    const logBefore = (await operator.get('/api/admin/mail-log')).body.length;
    expect(await changeAndNotify(testApp, trackingCode, { event: 'status', detail: 'Shipped' })).toBe(2);
    // The same event again (a retried request, a second process): nothing new.
    expect(await changeAndNotify(testApp, trackingCode, { event: 'status', detail: 'Shipped' })).toBe(0);
    // A different event is a different notification.
    expect(await changeAndNotify(testApp, trackingCode, { event: 'location', detail: 'Oakland hub' })).toBe(2);

    const before = smtp.received.length;
    expect(await testApp.app.mailOutbox.runOnce()).toEqual({ sent: 4, retrying: 0, failed: 0 });
    expect(await testApp.app.mailOutbox.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const subjects = smtp.received.slice(before).map((mail) => mail.parsed.subject);
    expect(subjects.sort()).toEqual([
      `Package ${trackingCode} location update`,
      `Package ${trackingCode} location update`,
      `Package ${trackingCode}: Shipped`,
      `Package ${trackingCode}: Shipped`,
    ]);

    const rows = (await findOutboxMessages(testApp.app.db)).filter((row) => row.status === 'sent');
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    const log = (await operator.get('/api/admin/mail-log')).body;
    expect(log).toHaveLength(logBefore + 4);
    expect(log.slice(0, 4).every((entry: { template: string }) => entry.template === 'notification')).toBe(true);
  });

  it('writes once when shipper and receiver share an address', async () => {
    const trackingCode = await submitPackage(
      testApp,
      packageFields({ email: 'same@example.com', remail: 'SAME@example.com' }),
    );
    // The receipt first.
    expect(await testApp.app.mailOutbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await changeAndNotify(testApp, trackingCode, { event: 'rejected' })).toBe(1);
    const before = smtp.received.length;
    expect(await testApp.app.mailOutbox.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.received.slice(before).map((mail) => mail.envelopeTo)).toEqual([['same@example.com']]);
  });

  it('hands each message to one of several senders running at once', async () => {
    const codes = await Promise.all([0, 1, 2, 3, 4].map(() => acceptedPackage(testApp, operator)));
    await testApp.app.mailOutbox.runOnce();
    for (const { trackingCode } of codes) {
      expect(await changeAndNotify(testApp, trackingCode, { event: 'status', detail: 'Processing' })).toBe(2);
    }
    const sender = () => ({
      db: testApp.app.db,
      mailer: createMailer({ dataDir: testApp.dataDir, mail: { smtpUrl: smtp.url, from: 'x@waybill.test' } }),
      context: mailContextOf(testApp.app.config),
    });
    const before = smtp.received.length;
    const options = { ...DEFAULT_OUTBOX_OPTIONS, batchSize: 2 };
    const runs = await Promise.all([1, 2, 3].map(() => processOutbox(sender(), options)));
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(10);
    const recipients = smtp.received.slice(before).map((mail) => mail.envelopeTo[0]);
    expect(recipients).toHaveLength(10);
    expect(new Set(recipients).size).toBe(10);
  });

  it('sends again a message whose sender stopped before finishing, once its lease ends', async () => {
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await testApp.app.mailOutbox.runOnce();
    expect(await changeAndNotify(testApp, trackingCode, { event: 'status', detail: 'Delivered' })).toBe(2);
    const now = new Date();
    // A process claims the messages and dies: they are not sent before the lease ends, then they are.
    const claimed = await claimDueMessages(testApp.app.db, now, 10, new Date(now.getTime() + 60 * SECOND));
    expect(claimed).toHaveLength(2);
    expect(await testApp.app.mailOutbox.runOnce(new Date(now.getTime() + 30 * SECOND))).toMatchObject({ sent: 0 });
    expect(await testApp.app.mailOutbox.runOnce(new Date(now.getTime() + 61 * SECOND))).toMatchObject({ sent: 2 });
  });
});

// Both databases: the outbox's retry state is rows.
describe.each(databasesFor('sql'))('notifications while the mail server is down on %s', (kind) => {
  let port: number;
  let testApp: TestApp;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    port = await findFreePort();
    testApp = await startTestApp(kind, { ...ENV, SMTP_URL: `smtp://127.0.0.1:${port}` });
    await testApp.app.mailOutbox.stop();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  it('retries with backoff and delivers once the server is back', async () => {
    const operator = await testApp.operator();
    await operator.put('/api/admin/notification-settings', { notifyCustomers: true });
    const fields = packageFields();
    const trackingCode = await submitPackage(testApp, fields);
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(200);
    expect(await changeAndNotify(testApp, trackingCode, { event: 'accepted' })).toBe(0);

    // The shipper's receipt and the two acceptance notifications all wait for the mail server.
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * SECOND);
    expect(await testApp.app.mailOutbox.runOnce(start)).toEqual({ sent: 0, retrying: 3, failed: 0 });
    let rows = await findOutboxMessages(testApp.app.db);
    expect(rows.map((row) => [row.kind, row.status, row.attempts, row.lastError])).toEqual([
      ['submission-receipt', 'pending', 1, 'the mail server could not be reached (ECONNREFUSED)'],
      ['status-notification', 'pending', 1, 'the mail server could not be reached (ECONNREFUSED)'],
      ['status-notification', 'pending', 1, 'the mail server could not be reached (ECONNREFUSED)'],
    ]);
    expect(rows[0]!.nextAttemptAt.getTime()).toBe(at(30).getTime());

    // Not due yet: nothing tried. Then the second attempt fails too, and waits twice as long.
    expect(await testApp.app.mailOutbox.runOnce(at(29))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await testApp.app.mailOutbox.runOnce(at(30))).toEqual({ sent: 0, retrying: 3, failed: 0 });
    rows = await findOutboxMessages(testApp.app.db);
    expect(rows[0]!.nextAttemptAt.getTime()).toBe(at(90).getTime());

    smtp = await startTestSmtpServer({ port });
    expect(await testApp.app.mailOutbox.runOnce(at(90))).toEqual({ sent: 3, retrying: 0, failed: 0 });
    const received = await smtp.waitForMessages(3);
    expect(received.map((mail) => mail.envelopeTo[0]).sort()).toEqual(
      [fields.email, fields.email, fields.remail].sort(),
    );
    expect(await testApp.app.mailOutbox.runOnce(at(3600))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);

    const log = (await operator.get('/api/admin/mail-log')).body.map((entry: { status: string }) => entry.status);
    expect(log).toEqual(['sent', 'sent', 'sent', ...Array(6).fill('failed')]);
  });

  it('gives up after the last attempt', async () => {
    const operator = await testApp.operator();
    const { trackingCode } = await acceptedPackage(testApp, operator);
    // The receipt and the acceptance go out through the app (its mail server is back); only the next event fails.
    expect(await testApp.app.mailOutbox.runOnce(new Date(Date.now() + 3_600_000))).toMatchObject({ sent: 3 });
    const deps = {
      db: testApp.app.db,
      mailer: createMailer({
        dataDir: testApp.dataDir,
        mail: { smtpUrl: `smtp://127.0.0.1:${await findFreePort()}`, from: 'x@waybill.test' },
      }),
      context: mailContextOf(testApp.app.config),
    };
    expect(await changeAndNotify(testApp, trackingCode, { event: 'status', detail: 'Lost' })).toBe(2);
    const options = { ...DEFAULT_OUTBOX_OPTIONS, maxAttempts: 2, baseDelayMs: 1000 };
    const start = new Date();
    expect(await processOutbox(deps, options, start)).toEqual({ sent: 0, retrying: 2, failed: 0 });
    expect(await processOutbox(deps, options, new Date(start.getTime() + 1000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 2,
    });
    expect(await processOutbox(deps, options, new Date(start.getTime() + 3_600_000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    const failed = (await findOutboxMessages(testApp.app.db)).filter((row) => row.status === 'failed');
    expect(failed).toHaveLength(2);
    expect(failed.every((row) => row.attempts === 2)).toBe(true);
  });
});
