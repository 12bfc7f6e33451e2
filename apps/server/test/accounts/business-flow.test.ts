// A shop's whole life with Waybill, through the real server and nothing else: its account request is
// approved in the console, the owner sets a password with the e-mailed link (a real SMTP server), makes
// an API key and registers a webhook endpoint (a local HTTP receiver), creates 3 shipments through
// /api/v1 and imports 20 from a spreadsheet; operators accept them and move them to Delivered; the
// receiver gets every event exactly once, each signature checked with the standardwebhooks library,
// and the portal lists the deliveries; a second account sees none of it.
import { IMPORT_NOT_FOUND, PACKAGE_NOT_FOUND } from '@waybill/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountLinkSentTo, approvedAccount, MEMBER_PASSWORD, signInMember } from '../support/accounts.ts';
import type { TestClient } from '../support/http-client.ts';
import { importCsv, importRow, postImport } from '../support/import-files.ts';
import { accountRequestBody, sendRequest } from '../support/inbox-test-data.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databasesFor } from '../support/test-databases.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../support/test-smtp-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const EVENTS = [
  'shipment.created',
  'shipment.accepted',
  'shipment.location_added',
  'shipment.status_changed',
  'shipment.delivered',
];

/** A shipment as a web shop sends it to /api/v1. */
const v1Shipment = (n: number) => ({
  receiver: {
    name: `Web buyer ${n}`,
    email: `buyer${n}@example.com`,
    phone: '+234 805 000 0000',
    address: '3 Awolowo Road',
  },
  description: 'A pair of shoes',
  quantity: 1,
  weightKg: 1.2,
  dimensions: { unit: 'cm', length: 35, width: 22, height: 13 },
});

describe.each(databasesFor('any'))('a business account from request to delivery on %s', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    receiver = await startWebhookReceiver();
    testApp = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOKS_POLL_MS: '100',
      EVENTS_POLL_MS: '100',
    });
    // Sent when a test asks (accountLinkSentTo): the shipments' own e-mails are not this test's subject.
    await testApp.app.mailOutbox.stop();
  });
  afterAll(async () => {
    await testApp?.close();
    await receiver?.close();
    await smtp?.stop();
  });

  it('ships by API and spreadsheet, is told of every step once and signed, and is invisible to another account', async () => {
    const operator: TestClient = await testApp.operator();

    // The request, approved in the console; the link e-mailed to the requester sets the password.
    const request = accountRequestBody({ company: 'Ada Books' });
    const requestId = await sendRequest(testApp, '/api/account-requests', request);
    const approved = await operator.post(`/api/admin/inbox/${requestId}/approve`);
    expect(approved.status).toBe(200);
    const { token } = await accountLinkSentTo(testApp, smtp, request.email);
    const set = await testApp.client().post('/api/account/set-password', { token, password: MEMBER_PASSWORD });
    expect(set.status).toBe(200);
    const owner = await signInMember(testApp, request.email);

    const key = await owner.post('/api/account/api-keys', { name: 'Web shop' });
    expect(key.status).toBe(201);
    const bearer = { authorization: `Bearer ${key.body.key}` };
    const endpoint = await owner.post('/api/account/webhooks', { url: receiver.url, events: EVENTS });
    expect(endpoint.status).toBe(201);
    const { id: endpointId, secret } = endpoint.body as { id: string; secret: string };

    // The web shop calls /api/v1 with its key alone, as a server does: no cookie, no anti-forgery token.
    const shop = testApp.client();
    const viaApi: string[] = [];
    for (let n = 1; n <= 3; n += 1) {
      const created = await shop.post('/api/v1/shipments', v1Shipment(n), { headers: bearer, xsrf: false });
      expect(created.status).toBe(201);
      viaApi.push(created.body.trackingCode);
    }
    const imported = await postImport(owner, importCsv(Array.from({ length: 20 }, (_, n) => importRow(n + 1))), {
      as: 'form',
    });
    expect(imported.status).toBe(201);
    const viaFile = imported.body.shipments.map((shipment: { trackingCode: string }) => shipment.trackingCode);
    expect(viaFile).toHaveLength(20);
    const codes = [...viaApi, ...viaFile];

    // The operators accept all 23 and move them to the door.
    for (const step of [
      { action: 'accept' },
      { action: 'location', location: 'Ikeja hub' },
      { action: 'status', status: 'Delivered' },
    ]) {
      const done = await operator.post('/api/admin/bulk', { ...step, trackingCodes: codes });
      expect(done.status).toBe(200);
      expect(done.body.results.filter((result: { ok: boolean }) => !result.ok)).toEqual([]);
    }

    // Every event of every shipment reaches the receiver once, signed with the endpoint's secret.
    const expected = codes.length * EVENTS.length;
    await vi.waitFor(
      async () => {
        await testApp.app.packageEvents.runOnce();
        await testApp.app.webhookSender!.runOnce();
        expect(receiver.calls.length).toBeGreaterThanOrEqual(expected);
      },
      { timeout: 15_000, interval: 100 },
    );
    const webhook = new Webhook(secret);
    const typesOf = new Map<string, string[]>();
    for (const call of receiver.calls) {
      const event = webhook.verify(call.body, call.headers) as { type: string; data: { trackingCode: string } };
      typesOf.set(event.data.trackingCode, [...(typesOf.get(event.data.trackingCode) ?? []), event.type]);
    }
    const ids = receiver.calls.map((call) => call.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(expected);
    expect([...typesOf.keys()].sort()).toEqual([...codes].sort());
    for (const code of codes) expect(typesOf.get(code), code).toEqual(EVENTS);

    // The portal lists the deliveries (the newest 50), each a success that the receiver got.
    const deliveries = await owner.get(`/api/account/webhooks/${endpointId}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body).toHaveLength(50);
    for (const delivery of deliveries.body as { status: string; messageId: string }[]) {
      expect(delivery.status).toBe('succeeded');
      expect(ids).toContain(delivery.messageId);
    }
    const mine = await owner.get('/api/account/shipments?pageSize=50&status=Delivered');
    expect(mine.body).toHaveLength(23);

    // Another account sees none of it: its lists are empty, the first one's ids not found.
    const other = await approvedAccount(testApp, smtp, operator, { company: 'Bola Shoes' });
    const otherKey = (await other.owner.post('/api/account/api-keys', { name: 'Other shop' })).body.key as string;
    const otherBearer = { authorization: `Bearer ${otherKey}` };
    expect((await other.owner.get('/api/account/shipments')).body).toEqual([]);
    expect((await other.owner.get('/api/account/webhooks')).body).toEqual([]);
    const otherShop = testApp.client();
    expect((await otherShop.get('/api/v1/shipments', { headers: otherBearer })).body.data).toEqual([]);
    const notFound = [
      [`/api/account/shipments/${viaApi[0]}`, PACKAGE_NOT_FOUND],
      [`/api/account/shipments/${viaFile[0]}/label`, PACKAGE_NOT_FOUND],
      [`/api/account/imports/${imported.body.id}/labels`, IMPORT_NOT_FOUND],
      [`/api/account/webhooks/${endpointId}/deliveries`, undefined],
    ] as const;
    for (const [path, message] of notFound) {
      const answer = await other.owner.get(path);
      expect(answer.status, path).toBe(404);
      if (message) expect(answer.body.message, path).toBe(message);
    }
    const byKey = await otherShop.get(`/api/v1/shipments/${viaFile[0]}`, { headers: otherBearer });
    expect(byKey.status).toBe(404);
    // The first account's own labels of the import print, all 20 on A4 sheets.
    const labels = await owner.get(`/api/account/imports/${imported.body.id}/labels?size=a4`);
    expect(labels.status).toBe(200);
    expect(labels.headers.get('content-type')).toBe('application/pdf');
  });
});
