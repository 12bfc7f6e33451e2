// Webhooks of business accounts: the events of an account's shipments reach its endpoints (a local
// receiver) once each, in order, signed as the Standard Webhooks spec says (checked with its library);
// failed calls are retried on a (shortened) schedule, then the endpoint is turned off and the owners
// e-mailed (a real SMTP server); a slow endpoint holds up no other; another account's ids are a 404.
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountShipmentBody, approvedAccount } from '../../../test/support/accounts.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/support/test-smtp-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { auditLog, webhookEndpoints } from '../../db/schema/index.ts';

const RETRY_MS = [60, 60, 60];
const ALL_EVENTS = ['shipment.created', 'shipment.accepted', 'shipment.location_added', 'shipment.status_changed'];

describe.each(databasesFor('sql'))('webhooks on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let operator: TestClient;
  const receivers: WebhookReceiver[] = [];

  const receiver = async (answer?: WebhookReceiver['answer']) => {
    const started = await startWebhookReceiver(answer);
    receivers.push(started);
    return started;
  };
  const pump = async () => {
    await testApp.app.packageEvents.runOnce();
    await testApp.app.webhookSender!.runOnce();
  };
  const ship = async (owner: TestClient) => {
    const shipped = await owner.post('/api/account/shipments', accountShipmentBody());
    expect(shipped.status).toBe(201);
    return shipped.body.trackingCode as string;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startTestApp(
      kind,
      { SMTP_URL: smtp.url, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOKS_POLL_MS: '100' },
      { webhooks: { sender: { retryScheduleMs: RETRY_MS } } },
    );
    await testApp.app.mailOutbox.stop();
    operator = await testApp.operator();
  });
  afterAll(async () => {
    for (const started of receivers) await started.close();
    await testApp?.close();
    await smtp?.stop();
  });

  it('posts each event of a shipment once, in order, signed; a rotated secret signs beside the new one for a day', async () => {
    const account = await approvedAccount(testApp, smtp, operator, { company: 'Ada Books' });
    const hook = await receiver();
    const created = await account.owner.post('/api/account/webhooks', {
      url: hook.url,
      description: 'Orders system',
      events: ALL_EVENTS,
    });
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(JSON.stringify((await account.owner.get('/api/account/webhooks')).body)).not.toContain(secret);

    const code = await ship(account.owner);
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    await operator.post('/api/admin/location-update', { trackingCode: code, location: 'Ikeja hub' });
    await operator.post('/api/admin/update-status', { trackingCode: code, status: 'Shipped' });
    await pump();
    await pump();

    const types = hook.calls.map((call) => JSON.parse(call.body).type);
    expect(types.filter((type) => type !== 'shipment.status_changed').slice(0, 3)).toEqual([
      'shipment.created',
      'shipment.accepted',
      'shipment.location_added',
    ]);
    expect(types.at(-1)).toBe('shipment.status_changed');
    const ids = hook.calls.map((call) => call.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.map((messageId) => Number(messageId?.slice(4)))).toEqual(
      ids.map((messageId) => Number(messageId?.slice(4))).sort((a, b) => a - b),
    );
    for (const call of hook.calls) {
      const verified = new Webhook(secret).verify(call.body, call.headers) as { data: { trackingCode: string } };
      expect(verified.data.trackingCode).toBe(code);
    }
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(
        hook.calls[0]!.body,
        hook.calls[0]!.headers,
      ),
    ).toThrow();

    const deliveries = await account.owner.get(`/api/account/webhooks/${id}/deliveries`);
    expect(deliveries.body).toHaveLength(hook.calls.length);
    expect(deliveries.body[0]).toMatchObject({ status: 'succeeded', responseStatus: 200, attempts: 1 });

    const rotated = await account.owner.post(`/api/account/webhooks/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(secret);
    expect(rotated.body.previousSecretExpiresAt).not.toBeNull();
    const before = hook.calls.length;
    await operator.post('/api/admin/location-update', { trackingCode: code, location: 'Lagos depot' });
    await pump();
    expect(hook.calls).toHaveLength(before + 1);
    const last = hook.calls.at(-1)!;
    expect(last.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(newSecret).verify(last.body, last.headers)).toMatchObject({ type: 'shipment.location_added' });
    expect(new Webhook(secret).verify(last.body, last.headers)).toMatchObject({ type: 'shipment.location_added' });

    const resent = await account.owner.post(`/api/account/webhooks/${id}/deliveries/${deliveries.body[0].id}/resend`);
    expect(resent.status).toBe(200);
    await pump();
    expect(hook.calls.at(-1)!.headers['webhook-id']).toBe(deliveries.body[0].messageId);

    const audited = await testApp.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'account.webhook_created',
      'account.webhook_secret_rotated',
    ]);
    expect(JSON.stringify(audited)).not.toContain(secret);
    expect(JSON.stringify(audited)).not.toContain(newSecret);
  });

  it('retries after 500s with the backoff, then delivers; gives up after its schedule, turns the endpoint off and e-mails the owners', async () => {
    const account = await approvedAccount(testApp, smtp, operator, { company: 'Bola Shoes' });
    let failures = 2;
    const flaky = await receiver(() => (failures-- > 0 ? 500 : 204));
    const down = await receiver(() => 503);
    const add = async (url: string) =>
      (await account.owner.post('/api/account/webhooks', { url, events: ['shipment.created'] })).body.id as string;
    const flakyId = await add(flaky.url);
    const downId = await add(down.url);
    await ship(account.owner);
    await testApp.app.packageEvents.runOnce();

    await vi.waitFor(
      async () => {
        const [row] = await testApp.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, downId));
        expect(row?.disabledAt).not.toBeNull();
        expect(flaky.calls).toHaveLength(3);
      },
      { timeout: 10_000, interval: 50 },
    );
    const gaps = flaky.calls.slice(1).map((call, index) => call.at - flaky.calls[index]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(RETRY_MS[0]! - 5);
    const [flakyDelivery] = (await account.owner.get(`/api/account/webhooks/${flakyId}/deliveries`)).body;
    expect(flakyDelivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 204 });

    expect(down.calls).toHaveLength(RETRY_MS.length + 1);
    const [downDelivery] = (await account.owner.get(`/api/account/webhooks/${downId}/deliveries`)).body;
    expect(downDelivery).toMatchObject({ status: 'failed', responseStatus: 503, lastError: 'answered 503' });
    const endpoints = (await account.owner.get('/api/account/webhooks')).body as { id: string; enabled: boolean }[];
    expect(endpoints.find((endpoint) => endpoint.id === downId)?.enabled).toBe(false);
    const disabled = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, downId), eq(auditLog.action, 'account.webhook_disabled')));
    expect(disabled).toHaveLength(1);

    const sentBefore = smtp.received.length;
    await testApp.app.mailOutbox.runOnce();
    const notices = smtp.received.slice(sentBefore).filter((mail) => mail.parsed.subject?.includes('turned off'));
    expect(notices.map((mail) => mail.envelopeTo)).toEqual([[account.email]]);
    expect(notices[0]?.parsed.text).toContain(down.url);

    // Turned off, it hears nothing more; turned back on, it does.
    await ship(account.owner);
    await pump();
    expect(down.calls).toHaveLength(RETRY_MS.length + 1);
    const enabled = await account.owner.patch(`/api/account/webhooks/${downId}`, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('a receiver that answers after 10 s holds up no other endpoint', async () => {
    const account = await approvedAccount(testApp, smtp, operator, { company: 'Chidi Crafts' });
    const slow = await receiver(() => new Promise((resolve) => setTimeout(() => resolve(200), 10_000)));
    const fast = await receiver();
    for (const url of [slow.url, fast.url]) {
      await account.owner.post('/api/account/webhooks', { url, events: ['shipment.created'] });
    }
    const started = Date.now();
    await ship(account.owner);
    await ship(account.owner);
    await testApp.app.packageEvents.runOnce();
    await vi.waitFor(() => expect(fast.calls).toHaveLength(2), { timeout: 5_000, interval: 20 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // One call at a time per endpoint: the slow one has had only its first.
    expect(slow.calls).toHaveLength(1);
    await slow.close();
  });

  it("answers 404 for another account's endpoints and deliveries, and 400 for a bad URL or event", async () => {
    const mine = await approvedAccount(testApp, smtp, operator, { company: 'Dayo Foods' });
    const theirs = await approvedAccount(testApp, smtp, operator, { company: 'Efe Prints' });
    const hook = await receiver();
    const { id } = (await theirs.owner.post('/api/account/webhooks', { url: hook.url, events: ['shipment.created'] }))
      .body as { id: string };
    await ship(theirs.owner);
    await pump();
    const [delivery] = (await theirs.owner.get(`/api/account/webhooks/${id}/deliveries`)).body;
    expect(delivery).toBeDefined();
    const answers: { status: number }[] = await Promise.all([
      mine.owner.get(`/api/account/webhooks/${id}/deliveries`),
      mine.owner.patch(`/api/account/webhooks/${id}`, { description: 'mine now' }),
      mine.owner.post(`/api/account/webhooks/${id}/rotate-secret`),
      mine.owner.post(`/api/account/webhooks/${id}/deliveries/${delivery.id}/resend`),
      mine.owner.delete(`/api/account/webhooks/${id}`),
      mine.owner.delete('/api/account/webhooks/not-an-id'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await mine.owner.get('/api/account/webhooks')).body).toEqual([]);
    const bad = await mine.owner.post('/api/account/webhooks', { url: hook.url, events: ['package.deleted'] });
    expect(bad.status).toBe(400);
    expect(
      (await mine.owner.post('/api/account/webhooks', { url: 'ftp://example.com/x', events: ALL_EVENTS })).status,
    ).toBe(400);
    expect((await theirs.owner.delete(`/api/account/webhooks/${id}`)).status).toBe(200);
  });
});
