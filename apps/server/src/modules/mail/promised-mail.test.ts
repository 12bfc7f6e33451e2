// What the site promises about e-mail is what a fresh install sends: the receipt says more e-mails
// follow, the About and Services pages promise one on acceptance, on the way and on delivery, and each
// arrives. Customer notifications used to be off until an admin found the switch, so shippers heard
// nothing after the receipt that told them the company "will confirm it shortly". Turned off, the
// receipt and the pages stop promising them.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { writeTestWebBuild } from '../../../test/support/web-build.ts';

const SECOND = 1000;
const FOLLOW_UP = 'will e-mail you again when our team has reviewed it, and at each step of its journey';

// One database: the words of the pages and e-mails, not the SQL (the outbox's claims run on both in
// notifications.test.ts).
describe.each(databasesFor('any'))('the e-mails a fresh install promises and sends, on %s', (kind) => {
  let smtp: TestSmtpServer;
  let webRoot: string;
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'waybill-web-'));
    await writeTestWebBuild(webRoot);
    testApp = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://waybill.test',
      WEB_DIST_DIR: webRoot,
    });
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.stop();
    if (webRoot) await rm(webRoot, { recursive: true, force: true });
  });

  const mailTo = (address: string, subject: string) =>
    smtp.received.filter((mail) => mail.envelopeTo.includes(address) && mail.parsed.subject === subject);
  /**
   * What the page was rendered with: the test build's renderer writes its request back (and knows only
   * a few pages by name: the others answer 404, rendered all the same).
   */
  const promisedOn = async (page: string) => {
    const answer = await testApp.client().get(page);
    expect(answer.text).toContain(`"path":"${page}"`);
    return /"notifyCustomers":(true|false)/.exec(answer.text)?.[1];
  };

  it('sends the receipt, then an e-mail on acceptance, on the way and on delivery, to shipper and receiver', {
    timeout: 120_000,
  }, async () => {
    expect((await operator.get('/api/admin/notification-settings')).body).toEqual({ notifyCustomers: true });
    expect(await promisedOn('/about')).toBe('true');
    expect(await promisedOn('/services')).toBe('true');

    const fields = packageFields();
    const code = await submitPackage(testApp, fields);
    await expect
      .poll(() => mailTo(fields.email, `Receipt for your package ${code}`).length, {
        timeout: 30 * SECOND,
      })
      .toBe(1);
    expect(mailTo(fields.email, `Receipt for your package ${code}`)[0]!.parsed.text).toContain(FOLLOW_UP);

    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    for (const status of ['Shipped', 'Out for Delivery', 'Delivered']) {
      const changed = await operator.post('/api/admin/update-status', { trackingCode: code, status });
      expect(changed.status, changed.text).toBe(200);
    }
    for (const subject of [
      `Package ${code} accepted`,
      `Package ${code}: Shipped`,
      `Package ${code}: Out for Delivery`,
      `Package ${code}: Delivered`,
    ]) {
      for (const address of [fields.email, fields.remail]) {
        await expect
          .poll(() => mailTo(address, subject).length, { timeout: 30 * SECOND, message: `${subject} to ${address}` })
          .toBe(1);
      }
    }
  });

  it('promises nothing more once an admin turns notifications off, and sends nothing more', {
    timeout: 120_000,
  }, async () => {
    expect((await operator.put('/api/admin/notification-settings', { notifyCustomers: false })).status).toBe(200);
    // The pages are rendered again with the setting (the database announces the change).
    expect(await promisedOn('/about')).toBe('false');
    expect(await promisedOn('/services')).toBe('false');

    const fields = packageFields();
    const code = await submitPackage(testApp, fields);
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    await expect
      .poll(() => mailTo(fields.email, `Receipt for your package ${code}`).length, {
        timeout: 30 * SECOND,
      })
      .toBe(1);
    const receipt = mailTo(fields.email, `Receipt for your package ${code}`)[0]!.parsed.text ?? '';
    expect(receipt).not.toContain('e-mail you again');
    expect(receipt).toContain('its tracking page can e-mail you at each step');
    expect(mailTo(fields.email, `Package ${code} accepted`)).toEqual([]);

    expect((await operator.put('/api/admin/notification-settings', { notifyCustomers: true })).status).toBe(200);
    expect(await promisedOn('/about')).toBe('true');
  });
});
