import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { deliveryProofs, locationUpdates, packages } from '../../../db/schema/index.ts';
import type { PackageRow } from '../packages.repository.ts';
import type { DeliveryProofRow } from '../proof/delivery-proof.repository.ts';

// The set-based writes of a batch of road changes: one statement each, whatever the batch's size.

/**
 * The packages with these codes under a row lock until the transaction ends, taken in the order of
 * their ids, so two batches sharing packages take them in the same order and never wait for each other
 * in a circle. FOR NO KEY UPDATE: a run's stops, which name packages by a foreign key, can still be
 * changed meanwhile.
 */
export async function lockPackagesByCodes(db: Database, trackingCodes: string[]): Promise<PackageRow[]> {
  if (trackingCodes.length === 0) return [];
  return db
    .select()
    .from(packages)
    .where(inArray(packages.trackingCode, trackingCodes))
    .orderBy(asc(packages.id))
    .for('no key update');
}

/** Sets each package's status and update time. */
export async function updatePackages(
  db: Database,
  rows: { id: string; status: string; updatedAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::uuid, ${row.status}::text, ${row.updatedAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${packages} set "status" = v.status, "updated_at" = v.updated_at
        from (values ${values}) as v(id, status, updated_at) where ${packages.id} = v.id`,
  );
}

export async function insertLocationUpdates(
  db: Database,
  rows: { id: string; packageId: string; location: string; timestamp: Date; attemptReason: string | null }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(locationUpdates).values(rows);
}

/** Deletes the proofs of these packages; answers the deleted rows. */
export async function deleteProofsOf(db: Database, packageIds: string[]): Promise<DeliveryProofRow[]> {
  if (packageIds.length === 0) return [];
  return db.delete(deliveryProofs).where(inArray(deliveryProofs.packageId, packageIds)).returning();
}

export async function insertProofs(db: Database, rows: (typeof deliveryProofs.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(deliveryProofs).values(rows);
}
