// Where webhooks may not go: private, loopback, link-local, unique-local, CGNAT and metadata addresses
// are refused at registration, and a name that resolves to this host is refused again when it is called.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountShipmentBody, approvedAccount } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { isPrivateAddress, urlProblem } from './webhook-targets.ts';

describe('webhook targets', () => {
  it('knows the addresses a webhook must not reach', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
    const production = { allowPrivate: false, httpsOnly: true };
    expect(urlProblem('http://example.com/hook', production)).toMatch(/https/);
    expect(urlProblem('https://example.com/hook', production)).toBeUndefined();
    expect(urlProblem('http://10.0.0.1/hook', { allowPrivate: true, httpsOnly: false })).toBeUndefined();
  });
});

describe.each(databasesFor('any'))('webhook targets refused on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    hook = await startWebhookReceiver();
    testApp = await startTestApp(kind, { SMTP_URL: smtp.url, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'false' });
    await testApp.app.mailOutbox.stop();
  });
  afterAll(async () => {
    await testApp?.close();
    await hook?.close();
    await smtp?.stop();
  });

  it('refuses private addresses at registration, and a name resolving to 127.0.0.1 when it calls', async () => {
    const account = await approvedAccount(testApp, smtp, await testApp.operator());
    const events = ['shipment.created'];
    for (const url of [
      hook.url,
      `http://localhost:${hook.port}/hooks`,
      'http://[::1]/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.7/hooks',
      'http://100.64.1.1/hooks',
      'http://[fd12:3456::1]/hooks',
      'http://0.0.0.0/hooks',
      'https://user:secret@example.com/hooks',
    ]) {
      const answer = await account.owner.post('/api/account/webhooks', { url, events });
      expect(answer.status, url).toBe(400);
    }
    expect((await account.owner.get('/api/account/webhooks')).body).toEqual([]);

    // A name that pointed elsewhere at registration and points at this host now.
    const [endpoint] = await testApp.app.db
      .insert(webhookEndpoints)
      .values({
        accountId: account.accountId,
        url: `http://localhost:${hook.port}/hooks`,
        events,
        secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
      })
      .returning();
    await account.owner.post('/api/account/shipments', accountShipmentBody());
    await testApp.app.packageEvents.runOnce();
    await testApp.app.webhookSender!.runOnce();
    expect(hook.calls).toEqual([]);
    const [delivery] = (await account.owner.get(`/api/account/webhooks/${endpoint!.id}/deliveries`)).body;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(delivery.lastError).toMatch(/^refused/);
    const [row] = await testApp.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    expect(row?.busyUntil).toBeNull();
  });
});
