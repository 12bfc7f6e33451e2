import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort } from '@waybill/testing';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { MAX_PREVIEW_IMAGE_BYTES } from './package-images.ts';

const MAIL_ENV = {
  PUBLIC_URL: 'https://waybill.test',
  MAIL_FROM: 'Waybill <no-reply@waybill.test>',
  COMPANY_NAME: 'Waybill',
  COMPANY_EMAIL: 'help@waybill.test',
  COMPANY_PHONE: '+1 (555) 000-1111',
};

const packagePayload = {
  to: 'grace@example.org',
  subject: 'Your package is on its way',
  templateType: 'package',
  shipperName: 'Ada Shipper',
  shipperPhone: '+1 555 010 0001',
  shipperAddress: '12 Dock Street, Oakland',
  shipperEmail: 'ada@example.com',
  receiverName: 'Grace Receiver',
  receiverPhone: '+44 20 7946 0001',
  receiverAddress: '1 Market Square, London',
  receiverEmail: 'grace@example.org',
  packageDescription: 'Two books and a scarf',
  trackingCode: 'ABCD2345EFGH',
  includeImages: false,
  imageCount: 1,
  customMessage: 'We picked up your package.',
  customGreeting: 'Hello,',
  customSignature: '',
};

/** The images a rendered preview embeds, as bytes (each must be a WebP `data:` URI). */
function embeddedImages(html: string): Buffer[] {
  const sources = [...html.matchAll(/<img src="([^"]*)"/g)].map((match) => match[1]!);
  return sources.map((src) => {
    expect(src).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    return Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');
  });
}

const uploadPath = (testApp: TestApp, url: string) => path.join(testApp.dataDir, 'uploads', path.basename(url));
const readUpload = (testApp: TestApp, url: string) => readFile(uploadPath(testApp, url));

// One database: the message composed and sent (the mail log pages with the shared helper, checked on both).
describe.each(databasesFor('any'))('sending e-mail on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: ['nobody@example.org'] });
    testApp = await startTestApp(kind, { ...MAIL_ENV, SMTP_URL: smtp.url });
    // The composer's messages only: the receipts of the packages submitted here stay queued.
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  it('needs a session and the anti-forgery header', async () => {
    const anonymous = testApp.client();
    expect((await anonymous.post('/api/send-email', packagePayload)).status).toBe(401);
    expect((await anonymous.post('/api/admin/email-preview', packagePayload)).status).toBe(401);
    expect((await anonymous.get('/api/admin/mail-log')).status).toBe(401);
    expect((await operator.post('/api/send-email', packagePayload, { xsrf: false })).status).toBe(403);
    expect(smtp.received).toHaveLength(0);
  });

  it('answers the composer validation messages and sends nothing', async () => {
    const cases: [object, string, string][] = [
      [{}, 'to', 'Recipient email is required'],
      [{ ...packagePayload, to: '  ' }, 'to', 'Recipient email is required'],
      [{ ...packagePayload, to: 'not-an-address' }, 'to', 'Invalid email address'],
      [{ ...packagePayload, subject: ' ' }, 'subject', 'Subject is required'],
      [{ ...packagePayload, templateType: 'simple', customMessage: ' ' }, 'customMessage', 'Message is required'],
      [{ ...packagePayload, includeImages: true, imageCount: 0 }, 'imageCount', 'Image count must be between 1 and 10'],
      [
        { ...packagePayload, includeImages: true, imageCount: 11 },
        'imageCount',
        'Image count must be between 1 and 10',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await operator.post('/api/send-email', payload);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors[field]).toBe(message);
    }
    expect(smtp.received).toHaveLength(0);
    expect((await operator.get('/api/admin/mail-log')).body).toEqual([]);
  });

  it('sends the package notification exactly as previewed and logs it', async () => {
    const preview = await operator.post('/api/admin/email-preview', packagePayload);
    expect(preview.status).toBe(200);
    const before = smtp.received.length;

    const response = await operator.post('/api/send-email', packagePayload);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Email sent successfully', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const mail = (await smtp.waitForMessages(before + 1))[before]!.parsed;
    expect(mail.subject).toBe('Your package is on its way');
    expect(mail.to).toMatchObject({ text: 'grace@example.org' });
    expect(mail.from?.value).toEqual([{ name: 'Waybill', address: 'no-reply@waybill.test' }]);
    expect(mail.html).toContain('Ada Shipper');
    expect(mail.html).toContain('href="https://waybill.test/track/ABCD2345EFGH"');
    expect(mail.html).toContain('Best regards,<br>Waybill Team');
    expect(mail.text).toContain('Track your package: https://waybill.test/track/ABCD2345EFGH');
    expect(mail.text).toContain(`© ${new Date().getFullYear()} Waybill. All rights reserved.`);
    expect(mail.text).toContain('Support: help@waybill.test');
    expect(preview.body.subject).toBe(mail.subject);
    expect((mail.html as string).trim()).toBe(preview.body.html.trim());
    expect(mail.text!.trim()).toBe(preview.body.text.trim());

    const log = await operator.get('/api/admin/mail-log');
    expect(log.body[0]).toEqual({
      _id: response.body.id,
      to: 'grace@example.org',
      subject: 'Your package is on its way',
      template: 'package',
      status: 'sent',
      error: null,
      createdAt: expect.any(String),
    });
  });

  it('sends a simple message with escaped text', async () => {
    const before = smtp.received.length;
    const response = await operator.post('/api/send-email', {
      to: 'grace@example.org',
      subject: 'A <b>note</b>',
      templateType: 'simple',
      customMessage: `<script>alert("x")</script> & 'more'`,
    });
    expect(response.status).toBe(200);
    const mail = (await smtp.waitForMessages(before + 1))[before]!.parsed;
    expect(mail.subject).toBe('A <b>note</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;');
    expect(mail.html).not.toContain('<script');
    expect(mail.text).toContain(`<script>alert("x")</script> & 'more'`);
  });

  it('attaches up to imageCount of the package images inline', async () => {
    const files = await Promise.all(
      [0, 1, 2].map(async (index) => ({ name: `photo-${index}.png`, data: await imageBytes('png') })),
    );
    const trackingCode = await submitPackage(testApp, packageFields(), files);
    const payload = {
      ...packagePayload,
      trackingCode: ` ${trackingCode.toLowerCase()} `,
      includeImages: true,
      imageCount: 2,
    };
    const before = smtp.received.length;

    expect((await operator.post('/api/send-email', payload)).status).toBe(200);
    const mail = (await smtp.waitForMessages(before + 1))[before]!.parsed;
    expect(mail.attachments).toHaveLength(2);
    for (const attachment of mail.attachments) {
      expect(attachment.contentType).toBe('image/jpeg');
      expect(attachment.contentDisposition).toBe('inline');
      expect(attachment.content.subarray(0, 3).toString('hex')).toBe('ffd8ff');
      expect(mail.html).toContain(`src="cid:${attachment.cid}"`);
    }

    // The preview embeds the same images' thumbnails: its sandboxed frame cannot load /uploads.
    const preview = await operator.post('/api/admin/email-preview', payload);
    const package_ = await operator.get(`/api/admin/packages/${trackingCode}`);
    const thumbnails = await Promise.all(
      (package_.body.packageThumbnails as string[]).map((url) => readUpload(testApp, url)),
    );
    expect(embeddedImages(preview.body.html)).toEqual(thumbnails.slice(0, 2));
    expect(preview.body.html).not.toContain('/uploads/');
    expect(preview.body.html).not.toContain('cid:');

    // Without the box ticked, or for an unknown code, nothing is attached.
    const plain = await operator.post('/api/send-email', { ...payload, includeImages: false });
    const unknown = await operator.post('/api/send-email', { ...payload, trackingCode: 'ZZZZZZZZZZZZ' });
    expect([plain.status, unknown.status]).toEqual([200, 200]);
    const [plainMail, unknownMail] = (await smtp.waitForMessages(before + 3)).slice(before + 1);
    expect(plainMail!.parsed.attachments).toHaveLength(0);
    expect(unknownMail!.parsed.attachments).toHaveLength(0);
  });

  it('leaves out an image whose file is missing on disk, and still sends', async () => {
    const files = await Promise.all(
      [0, 1].map(async (index) => ({ name: `photo-${index}.png`, data: await imageBytes('png') })),
    );
    const trackingCode = await submitPackage(testApp, packageFields(), files);
    const package_ = await operator.get(`/api/admin/packages/${trackingCode}`);
    const [firstUrl, secondUrl] = package_.body.packageImages as string[];
    await rm(path.join(testApp.dataDir, 'uploads', path.basename(firstUrl!)));
    const payload = { ...packagePayload, trackingCode, includeImages: true, imageCount: 2 };
    const before = smtp.received.length;

    const preview = await operator.post('/api/admin/email-preview', payload);
    expect(preview.status).toBe(200);
    const secondThumbnail = await readUpload(testApp, package_.body.packageThumbnails[1]);
    expect(embeddedImages(preview.body.html)).toEqual([secondThumbnail]);
    expect(preview.body.html).not.toContain(secondUrl);

    const response = await operator.post('/api/send-email', payload);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Email sent successfully');
    const mail = (await smtp.waitForMessages(before + 1))[before]!.parsed;
    expect(mail.attachments).toHaveLength(1);
    expect(mail.html).toContain(`src="cid:${mail.attachments[0]!.cid}"`);
  });

  it('keeps each image of the preview within its bound, re-encoding an oversized thumbnail', async () => {
    const trackingCode = await submitPackage(testApp, packageFields(), [
      { name: 'photo.png', data: await imageBytes('png') },
    ]);
    const package_ = await operator.get(`/api/admin/packages/${trackingCode}`);
    // Noise does not compress: a lossless 400 px WebP of it is far over the bound.
    const noise = Buffer.from(Array.from({ length: 400 * 400 * 3 }, () => Math.floor(Math.random() * 256)));
    const oversized = await sharp(noise, { raw: { width: 400, height: 400, channels: 3 } })
      .webp({ lossless: true })
      .toBuffer();
    expect(oversized.length).toBeGreaterThan(MAX_PREVIEW_IMAGE_BYTES);
    await writeFile(uploadPath(testApp, package_.body.packageThumbnails[0]), oversized);

    const preview = await operator.post('/api/admin/email-preview', {
      ...packagePayload,
      trackingCode,
      includeImages: true,
      imageCount: 1,
    });
    expect(preview.status).toBe(200);
    const [embedded] = embeddedImages(preview.body.html);
    expect(embedded!.length).toBeLessThanOrEqual(MAX_PREVIEW_IMAGE_BYTES);
    expect(await sharp(embedded!).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('answers 502 when the mail server refuses the recipient, and logs the failure', async () => {
    const response = await operator.post('/api/send-email', { ...packagePayload, to: 'nobody@example.org' });
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Could not send the email: the mail server refused the message \(550 /);
    const [latest] = (await operator.get('/api/admin/mail-log?pageSize=1')).body;
    expect(latest).toMatchObject({ to: 'nobody@example.org', status: 'failed', error: expect.stringContaining('550') });
  });

  it('lists the mail log newest first, a page at a time', async () => {
    const all = await operator.get('/api/admin/mail-log');
    const total = Number(all.headers.get('x-total-count'));
    expect(total).toBe(all.body.length);
    // Every message the mail server took, plus the one recipient it refused.
    expect(total).toBe(smtp.received.length + 1);
    const times = all.body.map((entry: { createdAt: string }) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await operator.get('/api/admin/mail-log?page=1&pageSize=2');
    expect(first.body).toEqual(all.body.slice(0, 2));
    expect(first.headers.get('x-next-page')).toBe('2');
    const second = await operator.get('/api/admin/mail-log?page=2&pageSize=2');
    expect(second.body).toEqual(all.body.slice(2, 4));
    const bad = await operator.get('/api/admin/mail-log?pageSize=500');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('pageSize must be a whole number from 1 to 100');
  });
});

// One database: the failure's answer and its log entry.
describe.each(databasesFor('any'))('sending e-mail while the mail server is down on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind, { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}` });
  });
  afterAll(() => testApp?.close());

  it('answers 502 with the reason and logs a failed entry', async () => {
    const operator = await testApp.operator();
    const response = await operator.post('/api/send-email', packagePayload);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      message: 'Could not send the email: the mail server could not be reached (ECONNREFUSED)',
    });
    const log = await operator.get('/api/admin/mail-log');
    expect(log.body).toEqual([
      expect.objectContaining({
        to: 'grace@example.org',
        template: 'package',
        status: 'failed',
        error: 'the mail server could not be reached (ECONNREFUSED)',
      }),
    ]);
  });
});

// One database: the .eml file written.
describe.each(databasesFor('any'))('sending e-mail without SMTP_URL on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind, MAIL_ENV);
  });
  afterAll(() => testApp?.close());

  it('writes the message as an .eml file in DATA_DIR/outbox', async () => {
    const operator = await testApp.operator();
    const response = await operator.post('/api/send-email', packagePayload);
    expect(response.status).toBe(200);
    const outbox = path.join(testApp.dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(mail.subject).toBe('Your package is on its way');
    expect(mail.html).toContain('Ada Shipper');
    expect((await operator.get('/api/admin/mail-log')).body).toEqual([
      expect.objectContaining({ _id: response.body.id, to: 'grace@example.org', status: 'sent' }),
    ]);
  });
});
