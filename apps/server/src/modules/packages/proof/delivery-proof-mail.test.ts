// The delivery e-mail of a proof of delivery, through the notification path of every status change,
// against a real SMTP server: the shipper's copy names the receiver and carries the photo and the
// signature; the receiver's copy carries neither.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedPackage, imageBytes } from '../../../../test/support/factories.ts';
import type { TestClient } from '../../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { databasesFor } from '../../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../../test/support/test-smtp-server.ts';

async function signaturePng(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><path d="M10 80 C 60 10, 120 110, 290 30" stroke="black" stroke-width="3" fill="none"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// One database: the delivery e-mail's content and attachments.
describe.each(databasesFor('any'))('the delivery e-mail of a proof on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://parcels.example.test' });
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
    await operator.put('/api/admin/notification-settings', { notifyCustomers: true });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  async function deliver() {
    const before = smtp.received.length;
    await testApp.app.mailOutbox.runOnce();
    return smtp.received.slice(before);
  }

  it('sends the shipper the name, the photo and the signature; the receiver the status only', async () => {
    const pkg = await acceptedPackage(testApp, operator);
    await deliver();
    const form = new FormData();
    form.append('trackingCode', pkg.trackingCode);
    form.append('receivedBy', 'Kofi Mensah');
    form.append('photo', new Blob([new Uint8Array(await imageBytes('jpeg'))]), 'door.jpg');
    form.append('signature', new Blob([new Uint8Array(await signaturePng())]), 'signature.png');
    expect((await operator.request('POST', '/api/admin/proof-of-delivery', { form })).status).toBe(200);

    const received = await deliver();
    expect(received).toHaveLength(2);
    const toShipper = received.find((mail) => mail.envelopeTo[0] === pkg.email)!;
    const toReceiver = received.find((mail) => mail.envelopeTo[0] === pkg.remail)!;
    for (const mail of [toShipper, toReceiver]) {
      expect(mail.parsed.subject).toBe(`Package ${pkg.trackingCode}: Delivered`);
    }
    expect(toShipper.parsed.text).toContain('Received by: Kofi Mensah');
    expect(toShipper.parsed.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['delivery-photo.jpg', 'image/jpeg'],
      ['signature.png', 'image/png'],
    ]);
    for (const file of toShipper.parsed.attachments) {
      expect(toShipper.parsed.html).toContain(`cid:${file.cid}`);
      expect((await sharp(file.content).metadata()).format).toBe(file.contentType === 'image/png' ? 'png' : 'jpeg');
    }
    expect(toReceiver.parsed.attachments).toEqual([]);
    expect(toReceiver.parsed.text).not.toContain('Kofi');
  });
});
