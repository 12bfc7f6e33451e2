// Text messages through Twilio, against a local server that speaks Twilio's documented API: a
// package's journey texts its receiver out for delivery, the failed attempt and the delivery, once
// each; receipts and replies come back signed; a forged one is refused; a provider's 500 is retried and
// sends once, a 400 fails for good; a text left mid-send by a stopped server is never sent again.
// *Both databases*: the claims (SKIP LOCKED) and the unique key are SQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, roadEvent } from '../../../test/support/road.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import {
  TEXTS_PUBLIC_URL,
  TWILIO_NUMBER,
  TWILIO_SID,
  TWILIO_TOKEN,
  twilioSignature,
} from '../../../test/support/text-providers.ts';
import { mobileNumber, startTextsApp, type TextsApp } from '../../../test/support/texts-app.ts';
import { textMessages, textOptOuts } from '../../db/schema/index.ts';
import { createTwilioProvider } from './twilio-provider.ts';
import { loadTwilioSignatureCheck } from './webhook-checks.ts';

describe("Twilio's signature", () => {
  it("checks Twilio's documented example, as the tests' provider signs", async () => {
    // https://www.twilio.com/docs/usage/security#validating-requests
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675310',
      Digits: '1234',
      From: '+14158675310',
      To: '+18005551212',
    };
    const check = await loadTwilioSignatureCheck();
    expect(twilioSignature('12345', url, params)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(check('12345', 'GvWf1cFY/Q7PnoempGyD5oXAezc=', url, params)).toBe(true);
    expect(check('12345', 'GvWf1cFY/Q7PnoempGyD5oXAezc=', url, { ...params, Digits: '1235' })).toBe(false);
    expect(check('54321', 'GvWf1cFY/Q7PnoempGyD5oXAezc=', url, params)).toBe(false);
  });
});

describe.each(databasesFor('sql'))('text messages through Twilio on %s', (kind) => {
  let app: TextsApp;
  beforeAll(async () => {
    app = await startTextsApp(kind, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM: TWILIO_NUMBER,
    });
  }, 60_000);
  afterAll(() => app?.close());

  const sendsTo = (e164: string) => app.providers.requests.filter((request) => request.form.To === e164);
  const attempt = (code: string) =>
    drive(app.driver, [roadEvent('attempt_failed', code, { reason: 'Nobody at home' })]);
  const deliver = (code: string) => drive(app.driver, [roadEvent('delivered', code, { receivedBy: 'Grace' })]);

  it('texts the receiver of an accepted package out for delivery, the failed attempt and the delivery, once each, and takes the receipts', async () => {
    const number = mobileNumber();
    const code = await app.submittedAndAccepted(number.typed);
    await app.settle();
    // Submitted and accepted: no text yet (the receiver hears of the delivery, not of the order).
    expect(sendsTo(number.e164)).toEqual([]);
    await app.loadOnRun(code);
    await app.settle();
    await attempt(code);
    await app.settle();
    await deliver(code);
    await app.settle();
    // Handled again: nothing more.
    await app.settle();

    const sent = sendsTo(number.e164);
    expect(sent.map((request) => request.status)).toEqual([201, 201, 201]);
    const link = `${TEXTS_PUBLIC_URL}/t/${code}`;
    expect(sent.map((request) => request.form.Body)).toEqual([
      `Swift Couriers: your parcel is out for delivery today. Track: ${link} Reply STOP to opt out`,
      `Swift Couriers: delivery failed: Nobody at home. ${link} Reply STOP to opt out`,
      `Swift Couriers: your parcel has been delivered. Details: ${link} Reply STOP to opt out`,
    ]);
    const texts = await app.textsOf(code);
    expect(texts.map((text) => [text.kind, text.state, text.attempts])).toEqual([
      ['out_for_delivery', 'sent', 1],
      ['attempt_failed', 'sent', 1],
      ['delivered', 'sent', 1],
    ]);
    for (const [index, request] of sent.entries()) {
      expect(request.form.From).toBe(TWILIO_NUMBER);
      expect(request.form.StatusCallback).toBe(
        `${TEXTS_PUBLIC_URL}/api/messages/twilio/status?text=${texts[index]!.id}`,
      );
      expect(texts[index]!.providerId).toBe(request.id);
    }

    expect((await app.providers.twilioStatus(sent[2]!.id!, 'delivered')).status).toBe(204);
    expect((await app.providers.twilioStatus(sent[2]!.id!, 'sent')).status).toBe(204);
    expect((await app.providers.twilioStatus(sent[1]!.id!, 'undelivered', '30003')).status).toBe(204);
    const after = await app.textsOf(code);
    expect(after.map((text) => [text.state, text.errorCode])).toEqual([
      ['sent', null],
      ['undelivered', '30003'],
      ['delivered', null],
    ]);
  });

  it('stops every text to a number that replied STOP, until START; answers HELP; ignores strangers', async () => {
    const number = mobileNumber();
    const code = await app.packageOnRun(number.typed);
    await app.settle();
    expect(sendsTo(number.e164)).toHaveLength(1);

    const help = await app.providers.twilioReply(number.e164, ' help ');
    expect(help.status).toBe(200);
    expect(await help.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Swift Couriers: for help call +234 1 700 0000. Reply STOP to opt out, START to opt back in.</Message></Response>',
    );
    const stop = await app.providers.twilioReply(number.e164, 'Stop');
    expect(stop.status).toBe(200);
    expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await attempt(code);
    await deliver(code);
    await app.settle();
    expect(sendsTo(number.e164)).toHaveLength(1);
    expect((await app.textsOf(code)).map((text) => text.kind)).toEqual(['out_for_delivery']);

    await app.providers.twilioReply(number.e164, 'START');
    const next = await app.packageOnRun(number.typed);
    await app.settle();
    expect(sendsTo(number.e164)).toHaveLength(2);
    expect((await app.textsOf(next)).map((text) => text.state)).toEqual(['sent']);

    const stranger = mobileNumber();
    expect((await app.providers.twilioReply(stranger.e164, 'STOP')).status).toBe(200);
    const optOuts = await app.testApp.app.db.select().from(textOptOuts).where(eq(textOptOuts.number, stranger.e164));
    expect(optOuts).toEqual([]);
  });

  it('refuses a forged reply or receipt with 403 and changes nothing', async () => {
    const number = mobileNumber();
    const code = await app.packageOnRun(number.typed);
    await app.settle();
    const [request] = sendsTo(number.e164);

    const forged = await app.providers.twilioReply(number.e164, 'STOP', 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.status).toBe(403);
    const form = { MessageSid: request!.id!, MessageStatus: 'failed', ErrorCode: '30007' };
    // Signed with another token, or over another address.
    const otherToken = twilioSignature('another-token', `${TEXTS_PUBLIC_URL}/api/messages/twilio/status`, form);
    expect((await app.providers.postTwilio('/api/messages/twilio/status', form, otherToken)).status).toBe(403);
    const otherUrl = twilioSignature(TWILIO_TOKEN, 'http://elsewhere.test/api/messages/twilio/status', form);
    expect((await app.providers.postTwilio('/api/messages/twilio/status', form, otherUrl)).status).toBe(403);
    const unsigned = await fetch(`${app.testApp.baseUrl}/api/messages/twilio/status`, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    expect(unsigned.status).toBe(403);

    const optOuts = await app.testApp.app.db.select().from(textOptOuts).where(eq(textOptOuts.number, number.e164));
    expect(optOuts).toEqual([]);
    expect((await app.textsOf(code)).map((text) => text.state)).toEqual(['sent']);
  });

  it('retries a 500 and sends once; fails a 400 with its code and never retries it', async () => {
    const number = mobileNumber();
    app.providers.script.push({
      status: 500,
      body: {
        code: 20500,
        message: 'Internal Server Error',
        more_info: 'https://www.twilio.com/docs/errors/20500',
        status: 500,
      },
    });
    const code = await app.packageOnRun(number.typed);
    await app.settle();
    let [text] = await app.textsOf(code);
    expect([text!.state, text!.errorCode, text!.attempts]).toEqual(['queued', '20500', 1]);
    await app.testApp.app.textSender!.runOnce(new Date(Date.now() + 2_000));
    await app.testApp.app.textSender!.runOnce(new Date(Date.now() + 60_000));
    [text] = await app.textsOf(code);
    expect([text!.state, text!.attempts]).toEqual(['sent', 2]);
    expect(sendsTo(number.e164).map((request) => request.status)).toEqual([500, 201]);

    app.providers.script.push({
      status: 400,
      body: {
        code: 21610,
        message: 'Attempt to send to unsubscribed recipient',
        more_info: 'https://www.twilio.com/docs/errors/21610',
        status: 400,
      },
    });
    await attempt(code);
    await app.settle();
    await app.testApp.app.textSender!.runOnce(new Date(Date.now() + 3_600_000));
    const texts = await app.textsOf(code);
    expect(texts.map((row) => [row.kind, row.state, row.errorCode, row.attempts])).toEqual([
      ['out_for_delivery', 'sent', null, 2],
      ['attempt_failed', 'failed', '21610', 1],
    ]);
    expect(sendsTo(number.e164)).toHaveLength(3);
  });

  it('never sends again a text left mid-send by a stopped server; its receipt still finds it', async () => {
    const number = mobileNumber();
    const code = await app.packageOnRun(number.typed);
    // The server marked the text `sending` and stopped before its call ended: nothing else ran.
    await app.testApp.app.packageEvents.runOnce();
    const [queued] = await app.textsOf(code);
    const killedAt = new Date(Date.now() - 11 * 60_000);
    await app.testApp.app.db
      .update(textMessages)
      .set({ state: 'sending', attempts: 1, updatedAt: killedAt })
      .where(eq(textMessages.id, queued!.id));

    await app.testApp.app.textSender!.runOnce();
    await app.testApp.app.textSender!.runOnce(new Date(Date.now() + 3_600_000));
    expect(sendsTo(number.e164)).toEqual([]);
    let [text] = await app.textsOf(code);
    expect([text!.state, text!.errorCode, text!.attempts]).toEqual(['failed', 'interrupted', 1]);

    // The call had reached Twilio after all: its receipt names the text by the id on its address.
    const form = { MessageSid: `SM${'a'.repeat(32)}`, MessageStatus: 'delivered', To: number.e164 };
    const answer = await app.providers.postTwilio(`/api/messages/twilio/status?text=${text!.id}`, form);
    expect(answer.status).toBe(204);
    [text] = await app.textsOf(code);
    expect([text!.state, text!.providerId]).toEqual(['delivered', form.MessageSid]);
  });

  it('drops a text that could not be sent within 24 hours of its event', async () => {
    const number = mobileNumber();
    const code = await app.packageOnRun(number.typed);
    await app.testApp.app.packageEvents.runOnce();
    const [queued] = await app.textsOf(code);
    await app.testApp.app.db
      .update(textMessages)
      .set({ createdAt: new Date(Date.now() - 24 * 3_600_000 + 500) })
      .where(eq(textMessages.id, queued!.id));
    app.providers.script.push({ status: 503, body: 'Service Unavailable' });
    await app.testApp.app.textSender!.runOnce();
    const [text] = await app.textsOf(code);
    expect([text!.state, text!.errorCode]).toEqual(['failed', 'expired: http_503']);
  });

  it('sends WhatsApp with whatsapp: on To and From, and a Messaging Service SID as MessagingServiceSid', async () => {
    const base = {
      provider: 'twilio' as const,
      accountSid: TWILIO_SID,
      authToken: TWILIO_TOKEN,
      apiBaseUrl: app.providers.url,
      pollMs: 1000,
    };
    const number = mobileNumber();
    const whatsapp = await createTwilioProvider(
      { ...base, from: TWILIO_NUMBER, whatsappFrom: '+14155238886' },
      TEXTS_PUBLIC_URL,
    );
    expect(whatsapp.channels).toEqual(['sms', 'whatsapp']);
    const sent = await whatsapp.send({ to: number.e164, body: 'Hello', channel: 'whatsapp', idempotencyKey: 'k1' });
    const service = `MG${'b'.repeat(32)}`;
    const sms = await createTwilioProvider({ ...base, from: service, whatsappFrom: undefined }, TEXTS_PUBLIC_URL);
    await expect(
      sms.send({ to: number.e164, body: 'Hi', channel: 'whatsapp', idempotencyKey: 'k2' }),
    ).rejects.toMatchObject({
      retryable: false,
      code: 'no_whatsapp_sender',
    });
    await sms.send({ to: number.e164, body: 'Hi', channel: 'sms', idempotencyKey: 'k3' });
    const [first, second] = app.providers.requests.filter((request) => request.form.To?.endsWith(number.e164));
    expect(first!.form).toMatchObject({ To: `whatsapp:${number.e164}`, From: 'whatsapp:+14155238886', Body: 'Hello' });
    expect(sent).toEqual({ providerId: first!.id, state: 'sent' });
    expect(second!.form).toMatchObject({ To: number.e164, MessagingServiceSid: service, Body: 'Hi' });
    expect(second!.form.From).toBeUndefined();
  });

  it('describes the webhooks in the API document under Messages', async () => {
    const document = (await app.testApp.client().get('/api/openapi.json')).body;
    for (const path of ['/api/messages/twilio/inbound', '/api/messages/twilio/status']) {
      expect(document.paths[path].post.tags, path).toEqual(['Messages']);
      expect(Object.keys(document.paths[path].post.responses), path).toContain('403');
    }
    expect(document.paths['/api/messages/africastalking/inbound']).toBeUndefined();
  });

  it('redirects a short link to the tracking page, and answers 404 for what is no code', async () => {
    const client = app.testApp.client();
    const answer = await client.get('/t/7kq2m9xht4pa');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/track/7KQ2M9XHT4PA');
    expect((await client.get('/t/not-a-code')).status).toBe(404);
    expect((await client.get(`/t/${'A'.repeat(40)}`)).status).toBe(404);
  });
});
