// The tracking page's check of the recipient or the sender, for tests: an app whose tries are forgotten
// before each test (every request of a test comes from one address, whose wrong tries count across
// packages), and packages whose phones end in known digits, typed as people type them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { packageChecks, packages } from '../../src/db/schema/index.ts';
import { insertReadyPackages } from './road.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-databases.ts';

export const RECEIVER_LAST4 = '4412';
export const SHIPPER_LAST4 = '9876';

/** The calling file's app on `kind`, started before its tests and closed after them, no try counted at each test's start. */
export function checksApp(kind: DatabaseKind): { readonly testApp: TestApp } {
  const holder = {} as { testApp: TestApp };
  beforeAll(async () => {
    holder.testApp = await startTestApp(kind);
  }, 60_000);
  afterAll(() => holder.testApp?.close());
  beforeEach(async () => {
    await holder.testApp.app.db.delete(packageChecks);
  });
  return holder;
}

/** A package whose receiver's phone ends in 4412 and the shipper's in 9876. */
export async function packageWithPhones(db: Database): Promise<string> {
  const [code] = await insertReadyPackages(db, 1);
  await db
    .update(packages)
    .set({ receiverPhone: `+233 (0)24 555-${RECEIVER_LAST4}`, phone: `020 7946 ${SHIPPER_LAST4}` })
    .where(eq(packages.trackingCode, code!));
  return code!;
}
