// Texts for those who asked, against the local provider server: the shipper who ticked "Text me updates"
// on the ship form (SMS or WhatsApp) and the numbers confirmed on the tracking page by a 6-digit code get
// the journey's texts as the receiver does; a phone that cannot take texts is refused only when texts
// were asked for; a code is void after 5 wrong tries or 10 minutes, and its text is not sent past them;
// a package takes 5 confirmed numbers;
// STOP silences. *Both databases*.
import {
  type AuditEntry,
  CANNOT_TEXT_NUMBER,
  maskPhoneNumber,
  TEXT_CODE_EXPIRED,
  TEXT_CODE_LOCKED,
  TEXT_CODE_MS,
  TEXT_CODE_SENT,
  TEXT_CODE_WRONG,
  TEXT_NUMBERS_FULL,
  TEXT_NUMBERS_PER_PACKAGE,
  textUpdatesConfirmed,
} from '@waybill/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFields } from '../../../test/support/factories.ts';
import { drive, roadEvent } from '../../../test/support/road.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { TWILIO_NUMBER, TWILIO_SID, TWILIO_TOKEN } from '../../../test/support/text-providers.ts';
import { mobileNumber, startTextsApp, type TextsApp } from '../../../test/support/texts-app.ts';
import { packages, shipperTexts, subscriptionRequestCounts, textSubscriptions } from '../../db/schema/index.ts';
import { confirmTextUpdates, requestTextUpdates, type TextSubscriptionDeps } from './text-subscriptions.service.ts';

/** Who asks on the tracking page, as its routes record them. */
const CUSTOMER = { kind: 'customer' } as const;
const WHATSAPP_NUMBER = '+15005550009';
/** A Lagos fixed line: a valid number that cannot take texts. */
const FIXED_LINE = '+234 1 270 0000';

describe.each(databasesFor('sql'))('texts for shippers and subscribers on %s', (kind) => {
  let app: TextsApp;
  let deps: TextSubscriptionDeps;
  beforeAll(async () => {
    app = await startTextsApp(kind, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM: TWILIO_NUMBER,
      TWILIO_WHATSAPP_FROM: WHATSAPP_NUMBER,
    });
    const { app: server } = app.testApp;
    deps = {
      db: server.db,
      keys: server.subscriptionKeys,
      publicUrl: server.config.publicUrl,
      companyName: server.config.company.name,
      region: 'Nigeria',
    };
  }, 60_000);
  afterAll(() => app?.close());

  const sendsTo = (e164: string) =>
    app.providers.requests.filter((request) => request.form.To?.replace(/^whatsapp:/, '') === e164);
  const client = () => app.testApp.client();
  const ship = (fields: Record<string, string>) =>
    client().request('POST', '/api/submit-package', {
      form: (() => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        return form;
      })(),
    });
  const journey = async (code: string) => {
    await app.loadOnRun(code);
    await app.settle();
    await drive(app.driver, [roadEvent('attempt_failed', code, { reason: 'Nobody at home' })]);
    await app.settle();
    await drive(app.driver, [roadEvent('delivered', code, { receivedBy: 'Grace' })]);
    await app.settle();
  };
  const accept = async (code: string) => {
    expect((await app.admin.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
  };

  it.each([
    ['sms', ''],
    ['whatsapp', 'whatsapp:'],
  ] as const)('texts the shipper who asked by %s, as the receiver, once per event', async (channel, prefix) => {
    const shipper = mobileNumber();
    const receiver = mobileNumber();
    const answer = await ship({
      ...packageFields({ phone: shipper.typed, rphone: receiver.typed }),
      textUpdates: channel,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.textUpdates).toBe(channel);
    const code = answer.body.trackingCode as string;
    await accept(code);
    await journey(code);

    const toShipper = sendsTo(shipper.e164);
    expect(toShipper.map((request) => request.form.To)).toEqual(Array(3).fill(`${prefix}${shipper.e164}`));
    expect(toShipper.map((request) => request.form.From)).toEqual(
      Array(3).fill(channel === 'whatsapp' ? `whatsapp:${WHATSAPP_NUMBER}` : TWILIO_NUMBER),
    );
    expect(sendsTo(receiver.e164).map((request) => request.form.Body)).toEqual(
      toShipper.map((request) => request.form.Body),
    );
    const texts = await app.textsOf(code);
    expect(texts.map((text) => `${text.kind}:${text.channel}`).sort()).toEqual(
      ['attempt_failed', 'delivered', 'out_for_delivery']
        .flatMap((kind) => [`${kind}:${channel}`, `${kind}:sms`])
        .sort(),
    );
  });

  it('refuses a phone that cannot take texts only when texts are asked for, and stores nothing then', async () => {
    const [before] = await app.testApp.app.db.select({ n: count() }).from(packages);
    const refused = await ship({ ...packageFields({ phone: FIXED_LINE }), textUpdates: 'sms' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ phone: CANNOT_TEXT_NUMBER });
    const [after] = await app.testApp.app.db.select({ n: count() }).from(packages);
    expect(after!.n).toBe(before!.n);

    const accepted = await ship(packageFields({ phone: FIXED_LINE }));
    expect(accepted.status).toBe(201);
    expect(accepted.body.textUpdates).toBeUndefined();
    const stored = await app.testApp.app.db
      .select()
      .from(shipperTexts)
      .innerJoin(packages, eq(packages.id, shipperTexts.packageId))
      .where(eq(packages.trackingCode, accepted.body.trackingCode as string));
    expect(stored).toEqual([]);
  });

  /** The code the last text to `e164` carried. */
  const lastCode = (e164: string) => {
    const body = sendsTo(e164).at(-1)?.form.Body ?? '';
    return /: (\d{6}) is your code/.exec(body)?.[1] ?? '';
  };
  const auditEntries = async (query: string) =>
    (await app.admin.get(`/api/admin/audit?${query}&pageSize=100`)).body as AuditEntry[];
  const subscribe = (code: string, phone: string) =>
    client().post(`/api/track/${code}/text-subscriptions`, { phone, country: 'Nigeria' });
  const confirm = (code: string, phone: string, digits: string) =>
    client().post(`/api/track/${code}/text-subscriptions/confirm`, { phone, code: digits });

  it('texts a 6-digit code, confirms it, then texts the journey; the same answer whatever the number; STOP silences', async () => {
    const receiver = mobileNumber();
    const code = await app.submittedAndAccepted(receiver.typed);
    const follower = mobileNumber();
    const asked = await subscribe(code, follower.typed);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: TEXT_CODE_SENT });
    await app.settle();
    const digits = lastCode(follower.e164);
    expect(digits).toMatch(/^\d{6}$/);
    // Kept as a keyed hash; the text's own body no longer shows it once sent.
    const [row] = await app.testApp.app.db
      .select()
      .from(textSubscriptions)
      .where(eq(textSubscriptions.number, follower.e164));
    expect(row!.codeHash).not.toContain(digits);
    expect(JSON.stringify(await app.textsOf(code))).not.toContain(digits);

    const wrongDigits = digits === '000000' ? '000001' : '000000';
    expect((await confirm(code, follower.typed, wrongDigits)).body.message).toBe(TEXT_CODE_WRONG);
    const confirmed = await confirm(code, `+${follower.e164.slice(1)}`, digits);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: textUpdatesConfirmed(confirmed.body.number),
      number: confirmed.body.number,
    });
    expect(confirmed.body.number.replaceAll(' ', '')).toBe(follower.e164);

    // Confirmed, or unknown: the same answer, and no new code.
    expect((await subscribe(code, follower.typed)).body).toEqual({ message: TEXT_CODE_SENT });
    await app.settle();
    expect(sendsTo(follower.e164)).toHaveLength(1);
    const cannot = await subscribe(code, FIXED_LINE);
    expect([cannot.status, cannot.body.message]).toEqual([400, CANNOT_TEXT_NUMBER]);

    await app.loadOnRun(code);
    await app.settle();
    expect(sendsTo(follower.e164).at(-1)?.form.Body).toContain('your parcel is out for delivery today');
    expect((await app.providers.twilioReply(follower.e164, 'STOP')).status).toBe(200);
    await drive(app.driver, [roadEvent('delivered', code, { receivedBy: 'Grace' })]);
    await app.settle();
    expect(sendsTo(follower.e164)).toHaveLength(2);
    expect(sendsTo(receiver.e164)).toHaveLength(2);
    expect((await app.providers.twilioReply(follower.e164, 'START')).status).toBe(200);
    expect((await app.providers.twilioReply(follower.e164, 'START')).status).toBe(200);

    // In the audit log, the number masked as on the Messages page; a START that changed nothing is not.
    const masked = { number: maskPhoneNumber(follower.e164) };
    const ofPackage = await auditEntries(`target=${code}`);
    expect(ofPackage.filter((entry) => entry.action.startsWith('package.text_updates'))).toEqual([
      expect.objectContaining({ action: 'package.text_updates_confirmed', actorKind: 'customer', after: masked }),
      expect.objectContaining({ action: 'package.text_updates_requested', actorKind: 'customer', after: masked }),
    ]);
    const replies = [...(await auditEntries('action=texts.started')), ...(await auditEntries('action=texts.stopped'))];
    expect(replies.filter((entry) => JSON.stringify(entry.after) === JSON.stringify(masked))).toEqual([
      expect.objectContaining({ action: 'texts.started', actorKind: 'customer', targetId: null }),
      expect.objectContaining({ action: 'texts.stopped', actorKind: 'customer', targetId: null }),
    ]);
    expect(JSON.stringify([...ofPackage, ...replies])).not.toContain(follower.e164.slice(4));
  });

  it('voids a code after 5 wrong tries or 10 minutes', async () => {
    const code = await app.submittedAndAccepted(mobileNumber().typed);
    const follower = mobileNumber();
    const t0 = new Date();
    await requestTextUpdates(deps, CUSTOMER, code, { phone: follower.typed }, t0);
    await app.settle(t0);
    const digits = lastCode(follower.e164);
    const wrongDigits = digits === '999999' ? '999998' : '999999';
    const tries: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      tries.push(
        await confirmTextUpdates(deps, CUSTOMER, code, { phone: follower.typed, code: wrongDigits }, t0).then(
          () => 'confirmed',
          (error: Error) => error.message,
        ),
      );
    }
    expect(tries).toEqual([...Array(4).fill(TEXT_CODE_WRONG), TEXT_CODE_LOCKED]);
    await expect(confirmTextUpdates(deps, CUSTOMER, code, { phone: follower.typed, code: digits }, t0)).rejects.toThrow(
      TEXT_CODE_LOCKED,
    );

    // A new code a minute later; it works 10 minutes, not one more.
    const t1 = new Date(t0.getTime() + 61_000);
    await requestTextUpdates(deps, CUSTOMER, code, { phone: follower.typed }, t1);
    await app.settle(t1);
    const fresh = lastCode(follower.e164);
    expect(sendsTo(follower.e164)).toHaveLength(2);
    const late = new Date(t1.getTime() + 10 * 60_000);
    await expect(
      confirmTextUpdates(deps, CUSTOMER, code, { phone: follower.typed, code: fresh }, late),
    ).rejects.toThrow(TEXT_CODE_EXPIRED);
    const inTime = new Date(late.getTime() - 1);
    await expect(
      confirmTextUpdates(deps, CUSTOMER, code, { phone: follower.typed, code: fresh }, inTime),
    ).resolves.toMatchObject({
      number: expect.stringMatching(/^\+234 /),
    });
  });

  it('retries a code’s text while its code works, and drops it rather than send a code that expired', async () => {
    const code = await app.submittedAndAccepted(mobileNumber().typed);
    const follower = mobileNumber();
    const t0 = new Date();
    await requestTextUpdates(deps, CUSTOMER, code, { phone: follower.typed }, t0);
    const unavailable = { status: 503, body: 'Service Unavailable' };
    app.providers.script.push(unavailable, unavailable);
    const codeText = async () => (await app.textsOf(code)).find((text) => text.kind === 'updates_code')!;

    // The provider is down: tried again after the backoff (a second here), well within the code's life.
    await app.settle(t0);
    let text = await codeText();
    expect([text.state, text.errorCode]).toEqual(['queued', 'http_503']);
    expect(text.nextAttemptAt.getTime() - t0.getTime()).toBeLessThan(10_000);
    // Down again a moment before the code expires: the next try (2 s on) would bring a dead code.
    await app.testApp.app.textSender!.runOnce(new Date(text.createdAt.getTime() + TEXT_CODE_MS - 500));
    text = await codeText();
    expect([text.state, text.errorCode]).toEqual(['failed', 'expired: http_503']);
    await app.testApp.app.textSender!.runOnce(new Date(t0.getTime() + 3_600_000));
    expect(sendsTo(follower.e164).map((request) => request.status)).toEqual([503, 503]);
  });

  it('takes 5 confirmed numbers for a package; the 6th is refused with 409 when it confirms, and any number when it asks, storing nothing', async () => {
    const code = await app.submittedAndAccepted(mobileNumber().typed);
    const followers = Array.from({ length: TEXT_NUMBERS_PER_PACKAGE + 2 }, () => mobileNumber());
    const [sixth, seventh] = followers.slice(TEXT_NUMBERS_PER_PACKAGE);
    // Six ask before five confirm: each gets a code.
    for (const follower of followers.slice(0, -1))
      await requestTextUpdates(deps, CUSTOMER, code, { phone: follower.typed });
    await app.settle();
    for (const follower of followers.slice(0, TEXT_NUMBERS_PER_PACKAGE)) {
      await confirmTextUpdates(deps, CUSTOMER, code, { phone: follower.typed, code: lastCode(follower.e164) });
    }
    const late = await confirm(code, sixth!.typed, lastCode(sixth!.e164));
    expect([late.status, late.body.message]).toEqual([409, TEXT_NUMBERS_FULL]);
    const asked = await subscribe(code, seventh!.typed);
    expect([asked.status, asked.body.message]).toEqual([409, TEXT_NUMBERS_FULL]);
    // A confirmed number is told the same as any other, and keeps its texts.
    const again = await subscribe(code, followers[0]!.typed);
    expect([again.status, again.body.message]).toEqual([409, TEXT_NUMBERS_FULL]);

    const rows = await app.testApp.app.db
      .select({ number: textSubscriptions.number, status: textSubscriptions.status })
      .from(textSubscriptions)
      .innerJoin(packages, eq(packages.id, textSubscriptions.packageId))
      .where(eq(packages.trackingCode, code));
    expect(rows.filter((row) => row.status === 'confirmed')).toHaveLength(TEXT_NUMBERS_PER_PACKAGE);
    expect(rows.find((row) => row.number === sixth!.e164)?.status).toBe('pending');
    expect(rows.map((row) => row.number)).not.toContain(seventh!.e164);
    // The refused requests did not count against their numbers' daily requests, nor texted a code.
    const requestsOf = async (e164: string) =>
      (
        await app.testApp.app.db
          .select({ count: subscriptionRequestCounts.count })
          .from(subscriptionRequestCounts)
          .where(eq(subscriptionRequestCounts.mailboxHash, deps.keys.hashEmail(`text:${e164}`)))
      ).map((row) => row.count);
    expect([await requestsOf(followers[0]!.e164), await requestsOf(seventh!.e164)]).toEqual([[1], []]);
    await app.settle();
    expect(sendsTo(seventh!.e164)).toEqual([]);
    const audited = (await auditEntries(`target=${code}`)).map((entry) => entry.action);
    expect(audited.filter((action) => action === 'package.text_updates_requested')).toHaveLength(
      TEXT_NUMBERS_PER_PACKAGE + 1,
    );
    expect(audited.filter((action) => action === 'package.text_updates_confirmed')).toHaveLength(
      TEXT_NUMBERS_PER_PACKAGE,
    );
    await app.loadOnRun(code);
    await app.settle();
    const outForDelivery = (e164: string) =>
      sendsTo(e164).filter((request) => !/is your code/.test(request.form.Body ?? ''));
    expect(followers.map((follower) => outForDelivery(follower.e164).length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });
});
