import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, packageForm } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { findOutboxMessages } from '../../../test/support/outbox-messages.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';

const ENV = { PUBLIC_URL: 'https://waybill.test', COMPANY_NAME: 'Waybill' };
const SECOND = 1000;

// One database: the receipt's content; the outbox it goes through is checked on both by notifications.test.ts.
describe.each(databasesFor('any'))('the shipper’s receipt on %s', (kind) => {
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

  const submit = (form: FormData, key?: string) =>
    testApp.client().request('POST', '/api/submit-package', {
      form,
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const arrivedFor = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

  it('e-mails the shipper the code, the tracking link, the receiver, the destination and the package, once', async () => {
    // Customer notifications turned off: the receipt goes all the same.
    expect((await operator.put('/api/admin/notification-settings', { notifyCustomers: false })).status).toBe(200);
    const fields = packageFields({
      description: 'Two books\nand a scarf',
      weight: '1.5',
      length: '30',
      width: '20',
      height: '10',
    });
    const submitted = await submit(packageForm(fields));
    expect(submitted.status).toBe(201);
    const code = submitted.body.trackingCode as string;

    // The running worker sends it.
    await expect.poll(() => arrivedFor(fields.email).length, { timeout: 15 * SECOND, interval: 100 }).toBe(1);
    const [receipt] = arrivedFor(fields.email);
    expect(receipt!.parsed.subject).toBe(`Receipt for your package ${code}`);
    const html = receipt!.parsed.html as string;
    const text = receipt!.parsed.text ?? '';
    expect(html).toContain(`href="https://waybill.test/track/${code}"`);
    for (const part of [html, text]) {
      for (const value of [
        code,
        `Hello ${fields.name},`,
        fields.rname,
        fields.destination,
        'Two books',
        '2',
        '1.5 kg',
        '30 × 20 × 10 cm',
        '6000.00 cm³',
        'Waybill Team',
      ]) {
        expect(part).toContain(value);
      }
    }
    expect(text).toContain(`Track your package: https://waybill.test/track/${code}`);
    // Only the shipper gets a receipt; the receiver hears nothing until notifications are on.
    expect(arrivedFor(fields.remail)).toEqual([]);

    // Another pass of the worker sends nothing more; the mail log names it a receipt.
    await testApp.app.mailOutbox.runOnce();
    expect(arrivedFor(fields.email)).toHaveLength(1);
    const log = (await operator.get('/api/admin/mail-log?pageSize=100')).body as { to: string; template: string }[];
    expect(log.filter((entry) => entry.to === fields.email).map((entry) => entry.template)).toEqual(['receipt']);
  });

  it('sends one receipt for a submission repeated with the same key', async () => {
    const fields = packageFields();
    const key = randomUUID();
    const [a, b] = await Promise.all([submit(packageForm(fields), key), submit(packageForm(fields), key)]);
    expect(b.body.trackingCode).toBe(a.body.trackingCode);
    await testApp.app.mailOutbox.runOnce();
    await expect.poll(() => arrivedFor(fields.email).length, { timeout: 15 * SECOND }).toBe(1);
    await testApp.app.mailOutbox.runOnce();
    expect(arrivedFor(fields.email)).toHaveLength(1);
  });

  it('queues and sends nothing for a refused submission', async () => {
    const outboxBefore = (await findOutboxMessages(testApp.app.db)).length;
    const badField = packageFields({ quantity: '0' });
    const badImage = packageFields();
    expect((await submit(packageForm(badField))).status).toBe(400);
    const refusedImage = await submit(
      packageForm(badImage, [{ name: 'fake.png', data: Buffer.from('not a picture'), type: 'image/png' }]),
    );
    expect(refusedImage.status).toBe(400);
    const tooMany = await submit(
      packageForm(
        badImage,
        await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => ({ name: `${n}.png`, data: await imageBytes() }))),
      ),
    );
    expect(tooMany.status).toBe(400);
    expect(await findOutboxMessages(testApp.app.db)).toHaveLength(outboxBefore);
    await testApp.app.mailOutbox.runOnce();
    expect(arrivedFor(badField.email)).toEqual([]);
    expect(arrivedFor(badImage.email)).toEqual([]);
  });
});
