// A driver's failed delivery attempt e-mails the package's confirmed subscribers and, when the
// notify-customers setting is on, its shipper: one message per attempt and address, saying what the
// tracking page says; no location e-mail beside it. The last attempt allowed says the package goes back,
// and the receiver hears that from the Returning to sender e-mail. Checked against a real SMTP server.
// *Both databases*: the package events' claims and the outbox's make each message exactly once.
import { formatDay } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/support/http-client.ts';
import { drive, readyPackages, roadEvent, runWith, setStops } from '../../../test/support/road.ts';
import {
  PUBLIC_URL,
  type SubscriptionsApp,
  startSubscriptionsApp,
  stopSubscriptionsApp,
  subscriptionSteps,
  UNSUBSCRIBE_PATH,
  unique,
} from '../../../test/support/subscriptions.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import type { ReceivedMail } from '../../../test/support/test-smtp-server.ts';
import { packages } from '../../db/schema/index.ts';

describe.each(databasesFor('sql'))('the e-mails of a failed delivery attempt on %s', (kind) => {
  let app: SubscriptionsApp;
  let driver: TestClient;
  let runId: string | undefined;
  const stops: string[] = [];
  const { deliver, to, confirmed } = subscriptionSteps(() => app);
  beforeAll(async () => {
    app = await startSubscriptionsApp(kind);
    const member = await signedInMember(app.testApp, 'driver');
    driver = member.client;
    runId = await runWith(app.operator, member.id, []);
  }, 60_000);
  afterAll(() => stopSubscriptionsApp(app));

  const setNotify = async (notifyCustomers: boolean) =>
    expect((await app.operator.put('/api/admin/notification-settings', { notifyCustomers })).status).toBe(200);

  /** A package on the driver's run of today, with a confirmed subscriber; its code and addresses. */
  async function packageOnRun() {
    const [code] = (await readyPackages(app.testApp, 1)) as [string];
    const [row] = await app.testApp.app.db
      .select({ email: packages.email, receiverEmail: packages.receiverEmail })
      .from(packages)
      .where(eq(packages.trackingCode, code));
    stops.push(code);
    await setStops(app.operator, runId!, stops);
    const subscriber = unique('watcher');
    await confirmed(code, subscriber);
    await deliver();
    return { code, shipper: row!.email, receiver: row!.receiverEmail, subscriber };
  }

  const attempt = async (code: string, reason: string) => {
    const at = new Date(Date.now() - 60_000);
    const [status] = await drive(driver, [roadEvent('attempt_failed', code, { reason, at: at.toISOString() })]);
    // The driver app is answered without waiting for the e-mails (record 43): they are queued by this pass.
    await app.testApp.app.packageEvents.runOnce();
    return { at, status };
  };
  const addresses = (received: ReceivedMail[]) => received.flatMap((mail) => mail.envelopeTo).sort();

  it('writes the subscribers and the shipper once, as the tracking page says it, and not the receiver', async () => {
    await setNotify(true);
    const { code, shipper, receiver, subscriber } = await packageOnRun();
    const { at } = await attempt(code, 'Nobody at home');
    const sentence = `Delivery attempted on ${formatDay(at)}: Nobody at home. We will try again on the next working day.`;

    const { received } = await deliver();
    expect(addresses(received)).toEqual([shipper, subscriber].sort());
    expect(to(received, receiver)).toEqual([]);
    for (const mail of received) {
      expect(mail.parsed.subject).toBe(`Package ${code}: delivery attempted`);
      expect(mail.parsed.text).toContain(sentence);
      expect(mail.parsed.text).toContain(`${PUBLIC_URL}/track/${code}`);
      // The attempt's own e-mail, not a location update's.
      expect(mail.parsed.text).not.toContain('location update');
    }
    expect(to(received, shipper)[0]!.parsed.text).toContain(`Our courier could not deliver your package ${code}.`);
    const toSubscriber = to(received, subscriber)[0]!;
    expect(toSubscriber.parsed.text).toContain(`The courier could not deliver package ${code}.`);
    expect(toSubscriber.parsed.text).toContain(UNSUBSCRIBE_PATH);
    // Once: the events handled again and the outbox run again send nothing more.
    await app.testApp.app.packageEvents.runOnce();
    expect((await deliver()).received).toEqual([]);
  });

  it('writes only the subscribers while the customers’ notifications are off', async () => {
    await setNotify(false);
    const { code, subscriber } = await packageOnRun();
    await attempt(code, 'Business closed');
    const { received } = await deliver();
    expect(addresses(received)).toEqual([subscriber]);
    expect(received[0]!.parsed.text).toContain(': Business closed. We will try again on the next working day.');
  });

  it('tells the last attempt as the return to the sender, one e-mail an address, the receiver by its status', async () => {
    await setNotify(true);
    const { code, shipper, receiver, subscriber } = await packageOnRun();
    for (const reason of ['Nobody at home', 'Address not found']) await attempt(code, reason);
    await deliver();
    const { at, status } = await attempt(code, 'Refused by the receiver');
    expect(status).toBe('Returning to sender');

    const { received } = await deliver();
    expect(addresses(received)).toEqual([receiver, shipper, subscriber].sort());
    for (const address of [shipper, subscriber]) {
      const [mail] = to(received, address);
      expect(mail!.parsed.subject).toBe(`Package ${code}: Returning to sender`);
      expect(mail!.parsed.text).toContain(
        `Delivery attempted on ${formatDay(at)}: Refused by the receiver. The package is being returned to its sender.`,
      );
    }
    const [toReceiver] = to(received, receiver);
    expect(toReceiver!.parsed.subject).toBe(`Package ${code}: Returning to sender`);
    expect(toReceiver!.parsed.text).toContain('so it is being returned to the sender');
  });

  it('writes a receiver who is also the shipper once about the last attempt', async () => {
    await setNotify(true);
    const { code, shipper, subscriber } = await packageOnRun();
    await app.testApp.app.db.update(packages).set({ receiverEmail: shipper }).where(eq(packages.trackingCode, code));
    for (const reason of ['Nobody at home', 'Address not found']) await attempt(code, reason);
    await deliver();
    await attempt(code, 'Business closed');
    const { received } = await deliver();
    expect(addresses(received)).toEqual([shipper, subscriber].sort());
    expect(to(received, shipper)[0]!.parsed.text).toContain('The package is being returned to its sender.');
  });
});
