// No one-time link reaches the log. Every flow that e-mails a link is walked as a person (and a mail
// client) would walk it, with the whole server log captured at debug level: an invitation and a
// password reset (each opened too as links were mailed before, with ?token=), a subscription's
// confirmation (opened, then its button) and its unsubscribe link (page, button, and a mail client's
// one-click POST). Then the log is searched for every token.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from '../../src/logger.ts';
import { acceptedPackage } from '../support/factories.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../support/test-smtp-server.ts';

const PUBLIC_URL = 'https://parcels.example.test';
const ADMIN_PATH = '/desk-51c0';
const STRONG = 'Lantern-Quietly-Orbit-47';

describe('the server log', () => {
  const lines: string[] = [];
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    testApp = await startTestApp(
      'pglite',
      { PUBLIC_URL, ADMIN_PATH, SMTP_URL: smtp.url },
      { logger: createLogger({ logLevel: 'debug', logFormat: 'json' }, stream) },
    );
    await testApp.app.mailOutbox.stop();
    admin = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
  });

  /** Sends what is queued; the text of the e-mails that went to `to`. */
  async function mailTo(to: string): Promise<string> {
    const before = smtp.received.length;
    await testApp.app.mailOutbox.runOnce();
    const mail = smtp.received.slice(before).find((received) => received.envelopeTo.includes(to.toLowerCase()));
    if (!mail) throw new Error(`no e-mail to ${to}`);
    return mail.parsed.text ?? '';
  }
  const tokenAfter = (text: string, marker: string) => {
    const token = new RegExp(`${marker.replace(/[?#]/g, '\\$&')}([\\w-]{43})`).exec(text)?.[1];
    if (!token) throw new Error(`no ${marker} link in ${text}`);
    return token;
  };

  it('keeps every token of every e-mailed link out of the whole server log at debug level', async () => {
    const tokens: string[] = [];
    const visitor = testApp.client();

    // An invitation, opened as mailed now and as it was mailed before (?token=), then accepted.
    const invited = await admin.post('/api/admin/operators', {
      email: 'ina@waybill.test',
      name: 'Ina',
      role: 'operator',
    });
    expect(invited.status).toBe(201);
    const invitation = tokenAfter(await mailTo('ina@waybill.test'), '/accept-invite#token=');
    tokens.push(invitation);
    await visitor.get(`${ADMIN_PATH}/accept-invite?token=${invitation}`);
    expect((await visitor.post('/api/auth/accept-invite', { token: invitation, password: STRONG })).status).toBe(200);
    // Used again: refused, and logged as refused.
    expect((await visitor.post('/api/auth/accept-invite', { token: invitation, password: STRONG })).status).toBe(400);

    // A password reset, the same way.
    expect((await admin.post(`/api/admin/operators/${invited.body.id}/reset-password`)).status).toBe(200);
    const reset = tokenAfter(await mailTo('ina@waybill.test'), '/accept-invite#token=');
    tokens.push(reset);
    await visitor.get(`${ADMIN_PATH}/accept-invite?token=${reset}`);
    const NEW = 'Harbor-Quince-Meteor-58';
    expect((await visitor.post('/api/auth/accept-invite', { token: reset, password: NEW })).status).toBe(200);

    // A subscription: the confirmation link opened (GET and HEAD), then its button.
    const { trackingCode } = await acceptedPackage(testApp, admin);
    await testApp.app.mailOutbox.runOnce(); // the package's own e-mails
    for (const email of ['watcher@example.org', 'clicker@example.org']) {
      expect((await visitor.post(`/api/track/${trackingCode}/subscriptions`, { email })).status).toBe(202);
      const confirm = tokenAfter(await mailTo(email), '/api/subscriptions/confirm?token=');
      tokens.push(confirm);
      const link = `/api/subscriptions/confirm?token=${confirm}`;
      expect((await visitor.get(link)).status).toBe(200);
      await visitor.request('HEAD', link);
      const pressed = await testApp.client().request('POST', link, {
        raw: { body: '', contentType: 'application/x-www-form-urlencoded' },
        xsrf: false,
      });
      expect(pressed.status).toBe(200);
    }
    // A link with a broken query: an error line quoting the URL.
    await visitor.get(`/api/subscriptions/confirm?token=${tokens.at(-1)}&bad=%E0%A4%A`);

    // An update: its unsubscribe link, opened, then the page's button; the other by one-click POST.
    expect((await admin.post('/api/admin/update-status', { trackingCode, status: 'Shipped' })).status).toBe(200);
    const before = smtp.received.length;
    await testApp.app.mailOutbox.runOnce();
    // The subscribers' updates (the shipper and the receiver hear of it too, without an unsubscribe link).
    const updates = smtp.received
      .slice(before)
      .filter((message) => ['watcher@example.org', 'clicker@example.org'].includes(message.envelopeTo[0] ?? ''));
    for (const [index, update] of updates.entries()) {
      const token = tokenAfter(update.parsed.text ?? '', '/api/subscriptions/unsubscribe?token=');
      tokens.push(token);
      const link = `/api/subscriptions/unsubscribe?token=${token}`;
      if (index === 0) expect((await visitor.get(link)).status).toBe(200);
      const posted = await testApp.client().request('POST', link, {
        raw: { body: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' },
        xsrf: false,
      });
      expect(posted.status).toBe(200);
    }
    expect(updates).toHaveLength(2);

    await new Promise((resolve) => setTimeout(resolve, 50)); // the last lines of the pass
    const log = lines.join('');
    // The log did record those requests, at debug and info, with the value replaced.
    expect(log).toContain(`"url":"${ADMIN_PATH}/accept-invite?token=${REDACTED}"`);
    expect(log).toContain(`"url":"/api/subscriptions/unsubscribe?token=${REDACTED}"`);
    expect(log).toContain('"msg":"incoming request"');
    expect(tokens).toHaveLength(6);
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(token.slice(0, 16));
    }
  });
});
