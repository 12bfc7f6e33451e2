// A test app that sends text messages through the local provider server (test/support/text-providers.ts),
// with a driver on today's run to take packages through their journey.
import { eq } from 'drizzle-orm';
import { packages, textMessages } from '../../src/db/schema/index.ts';
import { packageFields, submitPackage } from './factories.ts';
import type { TestClient } from './http-client.ts';
import { loadAll, readyPackages, runWith, setStops } from './road.ts';
import { signedInMember } from './team-members.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-databases.ts';
import { TEXTS_PUBLIC_URL, TextProviders } from './text-providers.ts';

export interface TextsApp {
  testApp: TestApp;
  providers: TextProviders;
  admin: TestClient;
  driver: TestClient;
  /** A new package on the driver's run, its receiver's phone typed as `receiverPhone`. */
  packageOnRun(receiverPhone: string): Promise<string>;
  /** A package submitted on the ship form with this receiver's phone and accepted; its code. */
  submittedAndAccepted(receiverPhone: string): Promise<string>;
  /** Puts a package on the driver's run and loads it: Out for Delivery. */
  loadOnRun(code: string): Promise<void>;
  /** Hands the events to their consumers, then runs the text sender once (at `now`). */
  settle(now?: Date): Promise<void>;
  /** The texts stored for a package, oldest first. */
  textsOf(code: string): Promise<(typeof textMessages.$inferSelect)[]>;
  close(): Promise<void>;
}

/** No quiet hours, every text on: the tests not about quiet hours send at any hour of the day. */
export const NEVER_QUIET = {
  timeZone: 'UTC',
  quietStart: '00:00',
  quietEnd: '00:00',
  kinds: { out_for_delivery: true, attempt_failed: true, delivered: true, returning: true },
};

let numbers = 0;
/** A Nigerian mobile number as a person types it (no +234), new each call, and its E.164. */
export function mobileNumber(): { typed: string; e164: string } {
  numbers += 1;
  const last = String(1000 + ((process.pid + numbers * 37) % 9000));
  return { typed: `0803 123 ${last}`, e164: `+234803123${last}` };
}

export async function startTextsApp(kind: DatabaseKind, providerEnv: Record<string, string>): Promise<TextsApp> {
  const providers = new TextProviders();
  const providerUrl = await providers.start();
  const testApp = await startTestApp(
    kind,
    {
      PUBLIC_URL: TEXTS_PUBLIC_URL,
      COMPANY_NAME: 'Swift Couriers',
      COMPANY_PHONE: '+234 1 700 0000',
      SMS_API_BASE_URL: providerUrl,
      // The tests run the sender themselves.
      SMS_OUTBOX_POLL_MS: '600000',
      ...providerEnv,
    },
    { texts: { sender: { baseDelayMs: 1_000, maxDelayMs: 60_000 } } },
  );
  providers.appUrl = testApp.baseUrl;
  const admin = await testApp.operator();
  const settings = await admin.put('/api/admin/text-settings', NEVER_QUIET);
  if (settings.status !== 200) throw new Error(`text settings refused: ${settings.status} ${settings.text}`);
  const member = await signedInMember(testApp, 'driver');
  const runId = await runWith(admin, member.id, []);
  const stops: string[] = [];
  const loadOnRun = async (code: string) => {
    stops.push(code);
    await setStops(admin, runId, stops);
    await loadAll(member.client, [code]);
  };
  return {
    testApp,
    providers,
    admin,
    driver: member.client,
    async packageOnRun(receiverPhone) {
      const [code] = (await readyPackages(testApp, 1)) as [string];
      await testApp.app.db.update(packages).set({ receiverPhone }).where(eq(packages.trackingCode, code));
      await loadOnRun(code);
      return code;
    },
    async submittedAndAccepted(receiverPhone) {
      const code = await submitPackage(testApp, packageFields({ rphone: receiverPhone }));
      const accepted = await admin.post('/api/admin/accept', { trackingCode: code });
      if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
      return code;
    },
    loadOnRun,
    async settle(now) {
      await testApp.app.packageEvents.runOnce();
      await testApp.app.textSender!.runOnce(now);
    },
    async textsOf(code) {
      const [pkg] = await testApp.app.db.select().from(packages).where(eq(packages.trackingCode, code));
      return testApp.app.db
        .select()
        .from(textMessages)
        .where(eq(textMessages.packageId, pkg!.id))
        .orderBy(textMessages.createdAt);
    },
    async close() {
      await testApp.close();
      await providers.close();
    },
  };
}
