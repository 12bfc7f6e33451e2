import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '@waybill/testing';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { createMailer, MailDeliveryError } from './mailer.ts';

const message = {
  to: 'grace@example.org',
  subject: 'Your package is on its way',
  html: '<p>Hello,</p>',
  text: 'Hello,',
};

describe('mailer over SMTP', () => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: ['nobody@example.org'] });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-mailer-'));
  });
  afterAll(async () => {
    await smtp?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers from MAIL_FROM with both parts and inline images', async () => {
    const mailer = createMailer({ dataDir, mail: { smtpUrl: smtp.url, from: 'Waybill <no-reply@waybill.test>' } });
    const image = Buffer.from('not really a jpeg');
    const { messageId } = await mailer.send({
      ...message,
      attachments: [{ filename: 'one.jpg', content: image, contentType: 'image/jpeg', cid: 'one@waybill' }],
    });
    const [received] = await smtp.waitForMessages(1);
    expect(received!.envelopeTo).toEqual(['grace@example.org']);
    expect(received!.parsed.messageId).toBe(messageId);
    expect(received!.parsed.from?.value).toEqual([{ name: 'Waybill', address: 'no-reply@waybill.test' }]);
    expect(received!.parsed.subject).toBe(message.subject);
    expect(received!.parsed.text?.trim()).toBe('Hello,');
    expect(received!.parsed.attachments[0]).toMatchObject({ cid: 'one@waybill', contentType: 'image/jpeg' });
    expect(received!.parsed.attachments[0]!.content.equals(image)).toBe(true);
    // Nothing went to the outbox folder when SMTP is configured.
    await expect(readdir(path.join(dataDir, 'outbox'))).rejects.toThrow();
    expect(mailer.describe()).toBe(`sending mail through ${smtp.url}`);
    mailer.close();
  });

  it('turns a rejected recipient into a MailDeliveryError naming the refusal', async () => {
    const mailer = createMailer({ dataDir, mail: { smtpUrl: smtp.url, from: 'no-reply@waybill.test' } });
    const before = smtp.received.length;
    const failure = await mailer.send({ ...message, to: 'nobody@example.org' }).catch((error) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect(failure.reason).toMatch(/^the mail server refused the message \(550 /);
    expect(smtp.received.length).toBe(before);
    mailer.close();
  });

  it('turns a mail server that is down into a MailDeliveryError', async () => {
    const port = await findFreePort();
    const mailer = createMailer({
      dataDir,
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@waybill.test' },
    });
    const failure = await mailer.send(message).catch((error) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect(failure.reason).toBe('the mail server could not be reached (ECONNREFUSED)');
    mailer.close();
  });

  it('keeps the SMTP password out of its description', () => {
    const mailer = createMailer({ dataDir, mail: { smtpUrl: 'smtps://user:s3cret@mail.example:465', from: 'x@y.z' } });
    expect(mailer.describe()).toBe('sending mail through smtps://user:***@mail.example:465');
    mailer.close();
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-outbox-'));
    try {
      const mailer = createMailer({ dataDir, mail: { smtpUrl: undefined, from: 'Waybill <no-reply@waybill.test>' } });
      expect(mailer.describe()).toBe(`no SMTP_URL: writing mail as .eml files to ${path.join(dataDir, 'outbox')}`);
      await mailer.send(message);
      await mailer.send({ ...message, subject: 'Second' });
      const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
      expect(files).toHaveLength(2);
      expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
      const parsed = await Promise.all(
        files.map(async (file) => simpleParser(await readFile(path.join(dataDir, 'outbox', file)))),
      );
      expect(parsed.map((mail) => mail.subject).sort()).toEqual(['Second', 'Your package is on its way']);
      expect(parsed[0]!.to).toMatchObject({ text: 'grace@example.org' });
      expect(parsed[0]!.from?.value).toEqual([{ name: 'Waybill', address: 'no-reply@waybill.test' }]);
      expect(parsed[0]!.html).toContain('<p>Hello,</p>');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
