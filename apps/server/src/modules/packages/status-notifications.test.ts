import { findFreePort } from '@waybill/testing';
// The console's changes to a package e-mail its shipper and receiver through the outbox, exactly once,
// when the notify-customers setting is on; checked against a real SMTP server.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptedPackage, packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import type { Database } from '../../db/client.ts';
import { STATUS_NOTIFICATION_KIND } from '../mail/index.ts';
import { acceptPackage } from './packages.service.ts';

const PUBLIC_URL = 'https://parcels.example.test';
const ENV = { PUBLIC_URL, COMPANY_NAME: 'Waybill' };

async function setNotify(operator: TestClient, notifyCustomers: boolean) {
  const response = await operator.put('/api/admin/notification-settings', { notifyCustomers });
  expect(response.body).toEqual({ notifyCustomers });
}

// Both databases: exactly once through the outbox's claims.
describe.each(databasesFor('sql'))('status notifications on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { ...ENV, SMTP_URL: smtp.url });
    // The tests drive the sender themselves, so no timer sends behind their back.
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await setNotify(operator, true);
  });

  /** Sends what is due and returns the messages the SMTP server received in that pass. */
  async function deliver() {
    const before = smtp.received.length;
    const run = await testApp.app.mailOutbox.runOnce();
    return { run, received: smtp.received.slice(before) };
  }

  it('e-mails the shipper and the receiver once when a package is accepted, with its tracking link', async () => {
    const fields = packageFields();
    const trackingCode = await submitPackage(testApp, fields);
    // The shipper's receipt of the submission goes first, on its own.
    expect((await deliver()).run).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(200);

    const { run, received } = await deliver();
    expect(run).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(received.map((mail) => mail.envelopeTo)).toEqual(expect.arrayContaining([[fields.email], [fields.remail]]));
    expect(received).toHaveLength(2);
    for (const { parsed } of received) {
      expect(parsed.subject).toBe(`Package ${trackingCode} accepted`);
      expect(parsed.html).toContain(`href="${PUBLIC_URL}/track/${trackingCode}"`);
      expect(parsed.text).toContain(`${PUBLIC_URL}/track/${trackingCode}`);
    }
    const toReceiver = received.find((mail) => mail.envelopeTo[0] === fields.remail)!;
    expect(toReceiver.parsed.text).toContain(`Hello ${fields.rname},`);

    // Accepting again is refused and queues nothing; nothing is sent twice.
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(409);
    expect((await deliver()).received).toEqual([]);
  });

  it('e-mails a rejection, a status change and each location update', async () => {
    const rejectedCode = await submitPackage(testApp);
    expect((await operator.post('/api/admin/reject', { trackingCode: rejectedCode })).status).toBe(200);
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await deliver();

    expect((await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' })).status).toBe(200);
    // Setting the status it already has is no news.
    expect((await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' })).status).toBe(200);
    expect((await operator.post('/api/admin/location-update', { trackingCode, location: 'Oakland hub' })).status).toBe(
      201,
    );
    // The same place reported again later on the journey is a new update.
    expect((await operator.post('/api/admin/location-update', { trackingCode, location: 'Oakland hub' })).status).toBe(
      201,
    );
    const { received } = await deliver();
    expect(received.map((mail) => mail.parsed.subject).sort()).toEqual([
      `Package ${trackingCode} location update`,
      `Package ${trackingCode} location update`,
      `Package ${trackingCode} location update`,
      `Package ${trackingCode} location update`,
      `Package ${trackingCode}: Shipped`,
      `Package ${trackingCode}: Shipped`,
    ]);
    expect(received.find((mail) => mail.parsed.subject?.includes('location'))!.parsed.text).toContain('Oakland hub');

    // Back to an earlier status later on is a change worth telling.
    await operator.post('/api/admin/update-status', { trackingCode, status: 'Processing' });
    await operator.post('/api/admin/update-status', { trackingCode, status: 'Shipped' });
    const again = await deliver();
    expect(again.received.map((mail) => mail.parsed.subject).sort()).toEqual([
      `Package ${trackingCode}: Processing`,
      `Package ${trackingCode}: Processing`,
      `Package ${trackingCode}: Shipped`,
      `Package ${trackingCode}: Shipped`,
    ]);
    expect((await deliver()).received).toEqual([]);

    const rows = await findOutboxMessages(testApp.app.db);
    const rejectedRows = rows.filter((row) => row.eventKey === 'rejected');
    expect(rejectedRows).toHaveLength(2);
    expect(rejectedRows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('e-mails no notification while the setting is off (the receipts still go)', async () => {
    await setNotify(operator, false);
    const notifications = async () =>
      (await findOutboxMessages(testApp.app.db)).filter((row) => row.kind === STATUS_NOTIFICATION_KIND);
    const before = (await notifications()).length;
    const rejectedCode = await submitPackage(testApp);
    await operator.post('/api/admin/reject', { trackingCode: rejectedCode });
    const { trackingCode } = await acceptedPackage(testApp, operator);
    await operator.post('/api/admin/update-status', { trackingCode, status: 'Out for Delivery' });
    await operator.post('/api/admin/location-update', { trackingCode, location: 'Depot 4' });

    expect(await notifications()).toHaveLength(before);
    const { received } = await deliver();
    expect(received.map((mail) => mail.parsed.subject?.startsWith('Receipt for your package'))).toEqual([true, true]);
  });

  it('queues nothing when the change is rolled back', async () => {
    const trackingCode = await submitPackage(testApp);
    await deliver();
    const rollback = new Error('rolled back on purpose');
    const before = (await findOutboxMessages(testApp.app.db)).length;
    const mailDeliveries = (db: Database) =>
      db
        .execute(
          sql`SELECT d.status FROM event_deliveries d JOIN package_events e ON e.id = d.event_id
              WHERE e.tracking_code = ${trackingCode} AND e.type = 'package.accepted' AND d.consumer = 'mail'`,
        )
        .then((result) => (result as unknown as { rows: { status: string }[] }).rows);
    // The accept runs inside an outer transaction that fails afterwards: the change and its event, which
    // the e-mails come from, go together.
    await expect(
      testApp.app.db.transaction(async (tx) => {
        const view = await acceptPackage({ db: tx, storage: testApp.app.storage }, { kind: 'system' }, trackingCode);
        expect(view.status).toBe('Order Placed');
        expect(await mailDeliveries(tx)).toEqual([{ status: 'pending' }]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);

    expect((await operator.get(`/api/admin/packages/${trackingCode}`)).body.status).toBe('Pending');
    expect(await mailDeliveries(testApp.app.db)).toEqual([]);
    await testApp.app.packageEvents.runOnce();
    expect(await findOutboxMessages(testApp.app.db)).toHaveLength(before);
    expect((await deliver()).received).toEqual([]);
  });
});

// Both databases: the outbox's retry state is rows.
describe.each(databasesFor('sql'))('status notifications while the mail server is down on %s', (kind) => {
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

  it('keeps the notification and delivers it once the mail server is back, never twice', async () => {
    const operator = await testApp.operator();
    await setNotify(operator, true);
    const fields = packageFields();
    const trackingCode = await submitPackage(testApp, fields);
    // The operator's change succeeds although no mail can leave now.
    expect((await operator.post('/api/admin/accept', { trackingCode })).status).toBe(200);

    // The shipper's receipt waits with the two notifications.
    const start = new Date();
    expect(await testApp.app.mailOutbox.runOnce(start)).toEqual({ sent: 0, retrying: 3, failed: 0 });
    const waiting = await findOutboxMessages(testApp.app.db);
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
      ['pending', 1],
    ]);

    smtp = await startTestSmtpServer({ port });
    // Not due before the backoff ends, even with the server back.
    expect(await testApp.app.mailOutbox.runOnce(new Date(start.getTime() + 29_000))).toMatchObject({ sent: 0 });
    expect(await testApp.app.mailOutbox.runOnce(new Date(start.getTime() + 30_000))).toEqual({
      sent: 3,
      retrying: 0,
      failed: 0,
    });
    expect(await testApp.app.mailOutbox.runOnce(new Date(start.getTime() + 3_600_000))).toMatchObject({ sent: 0 });
    const accepted = smtp.received.filter((mail) => mail.parsed.subject === `Package ${trackingCode} accepted`);
    expect(accepted.map((mail) => mail.envelopeTo[0]).sort()).toEqual([fields.email, fields.remail].sort());
    expect(smtp.received.map((mail) => mail.parsed.subject).sort()).toEqual([
      `Package ${trackingCode} accepted`,
      `Package ${trackingCode} accepted`,
      `Receipt for your package ${trackingCode}`,
    ]);
  });
});
