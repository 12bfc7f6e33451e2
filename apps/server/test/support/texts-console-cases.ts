// The console's side of text messages, run inside a provider's file on its app (one app a file): quiet
// hours (a text made at 22:00 in the company's zone goes at 07:00; a waiting text moves when they
// change; a tracking-page code ignores them), the admin's switches (a kind off sends nothing), the
// settings' refusals and who may read or change them, the Messages list (numbers masked) and a
// package's texts for its history.
import {
  CLOCK_TIME_FORMAT,
  DEFAULT_QUIET_END,
  DEFAULT_QUIET_START,
  DEFAULT_TEXT_TIME_ZONE,
  TEXT_SWITCH_REQUIRED,
  TIME_ZONE_UNKNOWN,
} from '@waybill/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { textSettings } from '../../src/db/schema/index.ts';
import type { TestClient } from './http-client.ts';
import { drive, roadEvent } from './road.ts';
import { signedInMember } from './team-members.ts';
import { mobileNumber, NEVER_QUIET, type TextsApp } from './texts-app.ts';

const PATH = '/api/admin/text-settings';
const ALL_ON = { out_for_delivery: true, attempt_failed: true, delivered: true, returning: true };
const DEFAULTS = { timeZone: DEFAULT_TEXT_TIME_ZONE, quietStart: DEFAULT_QUIET_START, quietEnd: DEFAULT_QUIET_END };
const HOUR = 3_600_000;

/** A fixed-offset zone where the clock now shows 22:MM, and that offset in hours. */
function zoneAtTenInTheEvening(now = new Date()): { timeZone: string; offset: number } {
  let offset = (22 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT-3 is three hours ahead of UTC.
  const timeZone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { timeZone, offset };
}

/** The cases, on the app of the file that calls this inside its `describe` (with no quiet hours set). */
export function describeTextsInTheConsole(appOf: () => TextsApp) {
  describe('in the console', () => {
    let app: TextsApp;
    let operator: TestClient;
    beforeAll(async () => {
      app = appOf();
      operator = (await signedInMember(app.testApp, 'operator')).client;
    });

    const sendsTo = (e164: string) => app.providers.requests.filter((request) => request.form.to === e164);
    const audited = async () =>
      (await app.admin.get('/api/admin/audit?action=settings.texts_changed&pageSize=100')).body as {
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }[];

    it('answers the defaults to every console member, refuses drivers, and lets only an admin change them', async () => {
      // The settings as they are before an admin saves any.
      await app.testApp.app.db.delete(textSettings);
      const answer = await operator.get(PATH);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ...DEFAULTS, kinds: ALL_ON, provider: 'africastalking' });
      expect((await app.driver.get(PATH)).status).toBe(403);
      expect((await app.driver.get('/api/admin/texts')).status).toBe(403);
      expect((await operator.put(PATH, NEVER_QUIET)).status).toBe(403);
      expect((await app.testApp.client().get(PATH)).status).toBe(401);

      const saved = await app.admin.put(PATH, { ...NEVER_QUIET, timeZone: ' Europe/London ' });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ ...NEVER_QUIET, timeZone: 'Europe/London', provider: 'africastalking' });
      const [entry] = await audited();
      expect(entry).toMatchObject({
        before: { timeZone: DEFAULT_TEXT_TIME_ZONE, quietStart: '21:00', quietEnd: '07:00' },
        after: { timeZone: 'Europe/London', quietStart: '00:00', quietEnd: '00:00' },
      });
      expect(entry!.after).not.toHaveProperty('kinds');
      expect((await operator.get(PATH)).body.timeZone).toBe('Europe/London');
    });

    it.each([
      [{ ...NEVER_QUIET, timeZone: 'Mars/Olympus_Mons' }, 'timeZone', TIME_ZONE_UNKNOWN],
      [{ ...NEVER_QUIET, timeZone: 'africa/lagos' }, 'timeZone', TIME_ZONE_UNKNOWN],
      [{ ...NEVER_QUIET, timeZone: 42 }, 'timeZone', TIME_ZONE_UNKNOWN],
      [{ ...NEVER_QUIET, quietStart: '24:00' }, 'quietStart', CLOCK_TIME_FORMAT],
      [{ ...NEVER_QUIET, quietEnd: '7:00' }, 'quietEnd', CLOCK_TIME_FORMAT],
      [{ ...NEVER_QUIET, kinds: { ...ALL_ON, delivered: 'yes' } }, 'kinds.delivered', TEXT_SWITCH_REQUIRED],
    ])('refuses %o with 400 on %s and stores nothing', async (body, field, message) => {
      const entries = (await audited()).length;
      const before = (await app.admin.get(PATH)).body;
      const response = await app.admin.put(PATH, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(Object.keys(response.body.errors)).toEqual([field]);
      expect(await audited()).toHaveLength(entries);
      expect((await app.admin.get(PATH)).body).toEqual(before);
    });

    it('sends nothing of a kind switched off, and the rest as before', async () => {
      await app.admin.put(PATH, { ...NEVER_QUIET, kinds: { ...ALL_ON, out_for_delivery: false } });
      const number = mobileNumber();
      const code = await app.packageOnRun(number.typed);
      await app.settle();
      expect(await app.textsOf(code)).toEqual([]);
      await drive(app.driver, [roadEvent('delivered', code, { receivedBy: 'Ama' })]);
      await app.settle();
      expect((await app.textsOf(code)).map((text) => text.kind)).toEqual(['delivered']);
      expect(sendsTo(number.e164)).toHaveLength(1);
      await app.admin.put(PATH, NEVER_QUIET);
    });

    it('keeps a text made at 22:00 in the zone until 07:00, then sends it once', async () => {
      const { timeZone, offset } = zoneAtTenInTheEvening();
      expect((await app.admin.put(PATH, { ...DEFAULTS, timeZone, kinds: ALL_ON })).status).toBe(200);
      const number = mobileNumber();
      const code = await app.packageOnRun(number.typed);
      await app.settle();
      expect(sendsTo(number.e164)).toEqual([]);
      const [text] = await app.textsOf(code);
      // 22:MM (or 23:MM, had the hour just turned) on the zone's clock; its quiet hours end at 07:00.
      const made = text!.createdAt.getTime();
      const localHour = (new Date(made).getUTCHours() + offset + 24) % 24;
      expect([22, 23]).toContain(localHour);
      const sevenAm = Math.floor(made / HOUR) * HOUR + (31 - localHour) * HOUR;
      expect(text!.state).toBe('queued');
      expect(text!.nextAttemptAt.getTime()).toBe(sevenAm);

      await app.testApp.app.textSender!.runOnce(new Date(sevenAm - 1_000));
      expect(sendsTo(number.e164)).toEqual([]);
      await app.testApp.app.textSender!.runOnce(new Date(sevenAm));
      await app.testApp.app.textSender!.runOnce(new Date(sevenAm + 60_000));
      expect(sendsTo(number.e164)).toHaveLength(1);
      expect((await app.textsOf(code)).map((sent) => sent.state)).toEqual(['sent']);
      await app.admin.put(PATH, NEVER_QUIET);
    });

    it('puts a retry that would fall in quiet hours at their end', async () => {
      // Quiet from 5 minutes from now to 2 hours from now (UTC): the text is made outside them, and the
      // code's first retry comes within the code's 10 minutes.
      const now = Date.now();
      const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
      const start = Math.ceil((now + 5 * 60_000) / 60_000) * 60_000;
      const end = start + 2 * HOUR;
      await app.admin.put(PATH, { ...NEVER_QUIET, quietStart: clock(start), quietEnd: clock(end) });
      const number = mobileNumber();
      const follower = mobileNumber();
      app.providers.script.push(
        { status: 500, body: 'Internal Server Error' },
        { status: 500, body: 'Internal Server Error' },
      );
      const code = await app.packageOnRun(number.typed);
      expect(
        (
          await app.testApp
            .client()
            .post(`/api/track/${code}/text-subscriptions`, { phone: follower.typed, country: 'Nigeria' })
        ).status,
      ).toBe(202);
      // The first tries fail at the start of the quiet hours: the journey's retry waits for their end; the
      // code's, asked for a moment ago, goes at its backoff.
      await app.settle(new Date(start));
      const texts = await app.textsOf(code);
      const text = texts.find((one) => one.kind === 'out_for_delivery');
      expect(text).toMatchObject({ state: 'queued', errorCode: 'http_500' });
      expect(text!.nextAttemptAt.getTime()).toBe(end);
      const codeText = texts.find((one) => one.kind === 'updates_code');
      expect(codeText).toMatchObject({ state: 'queued', errorCode: 'http_500' });
      expect(codeText!.nextAttemptAt.getTime()).toBeGreaterThan(start);
      expect(codeText!.nextAttemptAt.getTime()).toBeLessThanOrEqual(start + 60_000);
      await app.testApp.app.textSender!.runOnce(new Date(start + 60_000));
      expect(sendsTo(follower.e164).map((request) => request.status)).toEqual([500, 201]);
      await app.testApp.app.textSender!.runOnce(new Date(end));
      expect(sendsTo(number.e164).map((request) => request.status)).toEqual([500, 201]);
      await app.admin.put(PATH, NEVER_QUIET);
    });

    it('moves a text waiting for quiet hours when they change: to their new end, or now once they no longer cover now or are off; a code stays due', async () => {
      const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
      const sendAtOf = async (kind: string) =>
        (await app.textsOf(code)).find((text) => text.kind === kind)!.nextAttemptAt.getTime();
      let codeDueAt = 0;
      const quiet = async (start: number, end: number) => {
        expect(
          (await app.admin.put(PATH, { ...NEVER_QUIET, quietStart: clock(start), quietEnd: clock(end) })).status,
        ).toBe(200);
        // A code asked for on the tracking page ignores quiet hours, and so their changes.
        if (codeDueAt) expect(await sendAtOf('updates_code')).toBe(codeDueAt);
      };
      const sendAt = () => sendAtOf('out_for_delivery');
      const movedToNow = async (change: () => Promise<void>) => {
        const before = Date.now();
        await change();
        const at = await sendAt();
        expect(at).toBeGreaterThanOrEqual(before);
        expect(at).toBeLessThanOrEqual(Date.now());
      };
      // Quiet (UTC) since an hour ago, for three hours: the text waits for their end.
      const since = Math.floor(Date.now() / 60_000) * 60_000 - HOUR;
      await quiet(since, since + 3 * HOUR);
      const number = mobileNumber();
      const code = await app.packageOnRun(number.typed);
      await app.settle();
      expect(await sendAt()).toBe(since + 3 * HOUR);
      const follower = mobileNumber();
      const asked = await app.testApp
        .client()
        .post(`/api/track/${code}/text-subscriptions`, { phone: follower.typed, country: 'Nigeria' });
      expect(asked.status).toBe(202);
      codeDueAt = await sendAtOf('updates_code');
      expect(codeDueAt).toBeLessThanOrEqual(Date.now());

      await quiet(since, since + 2 * HOUR);
      expect(await sendAt()).toBe(since + 2 * HOUR);
      // From an hour from now: they no longer cover now.
      await movedToNow(() => quiet(since + 2 * HOUR, since + 4 * HOUR));
      // Covering now again: the text, due, waits for their end.
      await quiet(since, since + 2 * HOUR + 30 * 60_000);
      expect(await sendAt()).toBe(since + 2 * HOUR + 30 * 60_000);
      await movedToNow(async () => {
        expect((await app.admin.put(PATH, NEVER_QUIET)).status).toBe(200);
      });
      expect(await sendAtOf('updates_code')).toBe(codeDueAt);
      expect(sendsTo(number.e164)).toEqual([]);
      await app.testApp.app.textSender!.runOnce();
      expect(sendsTo(number.e164)).toHaveLength(1);
      expect(sendsTo(follower.e164)).toHaveLength(1);
    });

    it('lists texts newest first with masked numbers, by state, and a package’s texts for its history', async () => {
      const number = mobileNumber();
      app.providers.script.push({ status: 500, body: 'Internal Server Error' });
      const code = await app.packageOnRun(number.typed);
      await app.settle();
      await drive(app.driver, [roadEvent('delivered', code, { receivedBy: 'Kofi' })]);
      await app.settle();

      const list = await operator.get('/api/admin/texts?pageSize=2');
      expect(list.status).toBe(200);
      expect(list.headers.get('x-page-size')).toBe('2');
      const masked = `+234 •••• ••${number.e164.slice(-2)}`;
      expect(list.body.map((text: { trackingCode: string; kind: string }) => [text.trackingCode, text.kind])).toEqual([
        [code, 'delivered'],
        [code, 'out_for_delivery'],
      ]);
      expect(list.body[0]).toMatchObject({ channel: 'sms', number: masked, state: 'sent', errorCode: null });
      expect(list.body[1]).toMatchObject({ number: masked, state: 'queued', errorCode: 'http_500' });
      expect(list.text).not.toContain(number.e164.slice(1, -2));
      expect(list.text).not.toContain('Reply STOP');

      const queued = (await operator.get('/api/admin/texts?state=queued&pageSize=100')).body as { id: string }[];
      expect(queued.map((text) => text.id)).toContain(list.body[1].id);
      expect(queued.map((text) => text.id)).not.toContain(list.body[0].id);
      const bad = await operator.get('/api/admin/texts?state=lost');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors)).toEqual(['state']);

      const history = await operator.get(`/api/admin/packages/${code}/texts`);
      expect(history.status).toBe(200);
      expect(history.body).toEqual(list.body);
      expect((await operator.get('/api/admin/packages/NOSUCHCODE1/texts')).status).toBe(404);
      expect((await app.driver.get(`/api/admin/packages/${code}/texts`)).status).toBe(403);
    });
  });
}
