// Text messages through Africa's Talking, against a local server that speaks its documented messaging
// API: the texts of a journey, its delivery reports, replies (STOP and HELP, answered by a text), a
// callback without the secret refused, a provider's 500 retried to one send, a refused recipient failed
// with its status code; and the console's side (test/support/texts-console-cases.ts) on the same app.
// *Both databases*: the claims, the unique key, the settings and the lists are SQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, roadEvent } from '../../../test/support/road.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { AT_KEY, AT_SECRET, AT_USERNAME, TEXTS_PUBLIC_URL } from '../../../test/support/text-providers.ts';
import { mobileNumber, startTextsApp, type TextsApp } from '../../../test/support/texts-app.ts';
import { describeTextsInTheConsole } from '../../../test/support/texts-console-cases.ts';
import { textMessages, textOptOuts } from '../../db/schema/index.ts';
import { REDACTED, redactSecretParameters } from '../../logger.ts';

describe("Africa's Talking's callback secret", () => {
  it('keeps the callback secret out of the log', () => {
    const line = `"url":"/api/messages/africastalking/inbound?secret=${AT_SECRET}"`;
    expect(redactSecretParameters(line)).toBe(`"url":"/api/messages/africastalking/inbound?secret=${REDACTED}"`);
  });
});

describe.each(databasesFor('sql'))("text messages through Africa's Talking on %s", (kind) => {
  let app: TextsApp;
  beforeAll(async () => {
    app = await startTextsApp(kind, {
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME,
      AT_API_KEY: AT_KEY,
      AT_SENDER_ID: 'SWIFT',
      AT_CALLBACK_SECRET: AT_SECRET,
    });
  }, 60_000);
  afterAll(() => app?.close());

  const sendsTo = (e164: string) => app.providers.requests.filter((request) => request.form.to === e164);
  const deliver = (code: string) => drive(app.driver, [roadEvent('delivered', code, { receivedBy: 'Grace' })]);

  it('texts the journey from the sender ID and takes the delivery reports', async () => {
    const number = mobileNumber();
    const code = await app.packageOnRun(number.typed);
    await app.settle();
    await deliver(code);
    await app.settle();
    await app.settle();

    const sent = sendsTo(number.e164);
    expect(sent.map((request) => [request.status, request.form.username, request.form.from])).toEqual([
      [201, AT_USERNAME, 'SWIFT'],
      [201, AT_USERNAME, 'SWIFT'],
    ]);
    expect(sent[1]!.form.message).toBe(
      `Swift Couriers: your parcel has been delivered. Details: ${TEXTS_PUBLIC_URL}/t/${code} Reply STOP to opt out`,
    );
    expect((await app.providers.africasTalkingDelivery(sent[0]!.id!, 'Success')).status).toBe(204);
    expect((await app.providers.africasTalkingDelivery(sent[1]!.id!, 'Failed', 'DeliveryFailure')).status).toBe(204);
    // A report after the final one changes nothing.
    expect((await app.providers.africasTalkingDelivery(sent[0]!.id!, 'Sent')).status).toBe(204);
    const texts = await app.textsOf(code);
    expect(texts.map((text) => [text.kind, text.state, text.errorCode, text.providerId])).toEqual([
      ['out_for_delivery', 'delivered', null, sent[0]!.id],
      ['delivered', 'undelivered', 'DeliveryFailure', sent[1]!.id],
    ]);
  });

  it('takes STOP and HELP only with the callback secret; HELP is answered by a text', async () => {
    const number = mobileNumber();
    const code = await app.packageOnRun(number.typed);
    await app.settle();

    expect((await app.providers.africasTalkingReply(number.e164, 'STOP', 'not-the-secret')).status).toBe(403);
    expect((await app.providers.africasTalkingReply(number.e164, 'STOP', '')).status).toBe(403);
    const sent = sendsTo(number.e164);
    expect(
      (
        await app.providers.postAfricasTalking(
          '/api/messages/africastalking/delivery',
          { id: sent[0]!.id!, status: 'Rejected' },
          'nope',
        )
      ).status,
    ).toBe(403);
    expect((await app.textsOf(code)).map((text) => text.state)).toEqual(['sent']);

    expect((await app.providers.africasTalkingReply(number.e164, 'help')).status).toBe(204);
    await app.settle();
    const help = sendsTo(number.e164).at(-1)!;
    expect(help.form.message).toBe(
      'Swift Couriers: for help call +234 1 700 0000. Reply STOP to opt out, START to opt back in.',
    );

    expect((await app.providers.africasTalkingReply(number.e164, 'quit')).status).toBe(204);
    const optOuts = await app.testApp.app.db.select().from(textOptOuts).where(eq(textOptOuts.number, number.e164));
    expect(optOuts).toHaveLength(1);
    await deliver(code);
    await app.settle();
    expect(sendsTo(number.e164)).toHaveLength(2);
  });

  it('retries a 500 to one send, and fails a refused recipient with its status code', async () => {
    const number = mobileNumber();
    app.providers.script.push({ status: 500, body: 'Internal Server Error' });
    const code = await app.packageOnRun(number.typed);
    await app.settle();
    await app.testApp.app.textSender!.runOnce(new Date(Date.now() + 2_000));
    expect(sendsTo(number.e164).map((request) => request.status)).toEqual([500, 201]);

    app.providers.script.push({
      status: 201,
      body: {
        SMSMessageData: {
          Message: 'Sent to 0/1 Total Cost: 0',
          Recipients: [
            { statusCode: 406, number: number.e164, status: 'UserInBlacklist', cost: '0', messageId: 'None' },
          ],
        },
      },
    });
    await deliver(code);
    await app.settle();
    await app.testApp.app.textSender!.runOnce(new Date(Date.now() + 3_600_000));
    const texts = await app.textsOf(code);
    expect(texts.map((text) => [text.kind, text.state, text.errorCode, text.attempts])).toEqual([
      ['out_for_delivery', 'sent', null, 2],
      ['delivered', 'failed', '406 UserInBlacklist', 1],
    ]);
    expect(sendsTo(number.e164)).toHaveLength(3);
    const [row] = await app.testApp.app.db.select().from(textMessages).where(eq(textMessages.id, texts[1]!.id));
    expect(row!.providerId).toBeNull();
  });

  describeTextsInTheConsole(() => app);
});
