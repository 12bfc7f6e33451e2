import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';

const simpleMessage = (to: string, subject = 'About your parcel') => ({
  to,
  subject,
  templateType: 'simple',
  customMessage: 'Your parcel is ready for collection.',
});

// Both databases: idempotency keys are rows whose insert is the lock.
describe.each(databasesFor('sql'))('POST /api/send-email with an Idempotency-Key on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: ['nobody@example.org'] });
    testApp = await startTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://waybill.test' });
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  const send = (payload: object, key: string) =>
    operator.post('/api/send-email', payload, { headers: { 'Idempotency-Key': key } });
  const arrivedFor = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
  const logFor = async (address: string) =>
    (await operator.get('/api/admin/mail-log?pageSize=100')).body.filter(
      (entry: { to: string }) => entry.to === address,
    );

  it('sends one e-mail and answers the repeat with the first answer', async () => {
    const to = `${randomUUID()}@example.org`;
    const key = randomUUID();
    const first = await send(simpleMessage(to), key);
    const second = await send(simpleMessage(to), key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    // Give a second message every chance to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrivedFor(to)).toHaveLength(1);
    expect(await logFor(to)).toHaveLength(1);
  });

  it('sends one e-mail when two requests with one key arrive at once', async () => {
    const to = `${randomUUID()}@example.org`;
    const key = randomUUID();
    const [a, b] = await Promise.all([send(simpleMessage(to), key), send(simpleMessage(to), key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrivedFor(to)).toHaveLength(1);
  });

  it('refuses the same key with another message (422) and a key over 100 characters (400), sending nothing', async () => {
    const to = `${randomUUID()}@example.org`;
    const key = randomUUID();
    await send(simpleMessage(to), key);
    const other = await send(simpleMessage(to, 'Another subject'), key);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
    const long = await send(simpleMessage(to, 'Third'), 'k'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Idempotency-Key must be at most 100 characters');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrivedFor(to).map((mail) => mail.parsed.subject)).toEqual(['About your parcel']);
  });

  it('sends two e-mails for two keys', async () => {
    const to = `${randomUUID()}@example.org`;
    await send(simpleMessage(to), randomUUID());
    await send(simpleMessage(to), randomUUID());
    await expect.poll(() => arrivedFor(to).length).toBe(2);
  });

  it('tries again when the mail server refused the first attempt (502 is not kept)', async () => {
    const key = randomUUID();
    const first = await send(simpleMessage('nobody@example.org'), key);
    const second = await send(simpleMessage('nobody@example.org'), key);
    expect(first.status).toBe(502);
    expect(second.status).toBe(502);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    // Both attempts reached the mail server and were logged as failed.
    expect((await logFor('nobody@example.org')).map((entry: { status: string }) => entry.status)).toEqual([
      'failed',
      'failed',
    ]);
  });
});
