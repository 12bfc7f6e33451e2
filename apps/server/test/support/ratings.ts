// Rating the delivery, for tests: a package set Delivered in the console, its delivery moved back in
// time, and how many ratings it has.
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { deliveryProofs, packageEvents, packageRatings, packages } from '../../src/db/schema/index.ts';
import type { TestClient } from './http-client.ts';

/** Sets the package Delivered in the console (no run, no proof). */
export async function deliverInConsole(admin: TestClient, trackingCode: string): Promise<void> {
  const answer = await admin.post('/api/admin/update-status', { trackingCode, status: 'Delivered' });
  expect(answer.status, answer.text).toBe(200);
}

/** Moves the package's delivery (its proof and its delivered events) `days` back. */
export async function moveDeliveryBack(db: Database, trackingCode: string, days: number): Promise<void> {
  const [pkg] = await db.select({ id: packages.id }).from(packages).where(eq(packages.trackingCode, trackingCode));
  const at = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  await db.update(packageEvents).set({ occurredAt: at }).where(eq(packageEvents.packageId, pkg!.id));
  await db.update(deliveryProofs).set({ deliveredAt: at }).where(eq(deliveryProofs.packageId, pkg!.id));
}

/** How many ratings the package has (0 or 1). */
export async function ratingsOf(db: Database, trackingCode: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(packageRatings)
    .innerJoin(packages, eq(packages.id, packageRatings.packageId))
    .where(eq(packages.trackingCode, trackingCode));
  return row!.n;
}
