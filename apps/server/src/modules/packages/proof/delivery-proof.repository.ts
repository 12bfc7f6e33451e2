import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { deliveryProofs, packages } from '../../../db/schema/index.ts';

export type DeliveryProofRow = typeof deliveryProofs.$inferSelect;

export async function findProofOf(db: Database, packageId: string): Promise<DeliveryProofRow | undefined> {
  const [row] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.packageId, packageId)).limit(1);
  return row;
}

/** Writes the package's proof, replacing an earlier one; answers the one it replaced, if any. */
export async function upsertProof(
  db: Database,
  values: typeof deliveryProofs.$inferInsert,
): Promise<{ proof: DeliveryProofRow; replaced: DeliveryProofRow | undefined }> {
  // Read under a row lock so two proofs recorded at once each see the one they replace.
  const [replaced] = await db
    .select()
    .from(deliveryProofs)
    .where(eq(deliveryProofs.packageId, values.packageId))
    .for('update');
  const [proof] = await db
    .insert(deliveryProofs)
    .values(values)
    .onConflictDoUpdate({
      target: deliveryProofs.packageId,
      set: {
        receivedBy: values.receivedBy,
        photoKey: values.photoKey ?? null,
        photoThumbnailKey: values.photoThumbnailKey ?? null,
        signatureKey: values.signatureKey ?? null,
        recordedBy: values.recordedBy ?? null,
        deliveredAt: values.deliveredAt ?? sql`now()`,
      },
    })
    .returning();
  return { proof: proof!, replaced };
}

/** Deletes the package's proof; answers the deleted row, if it had one. */
export async function deleteProofOf(db: Database, packageId: string): Promise<DeliveryProofRow | undefined> {
  const [row] = await db.delete(deliveryProofs).where(eq(deliveryProofs.packageId, packageId)).returning();
  return row;
}

/** The proof of the package with this code, with the package's e-mails (for the delivery e-mail). */
export async function findProofByPackageId(db: Database, packageId: string) {
  const [row] = await db
    .select({ proof: deliveryProofs, shipperEmail: packages.email })
    .from(deliveryProofs)
    .innerJoin(packages, eq(packages.id, deliveryProofs.packageId))
    .where(eq(deliveryProofs.packageId, packageId))
    .limit(1);
  return row;
}

/** Every key a proof names: the crash-leftover sweep keeps these. */
export async function findProofImageKeys(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({
      photoKey: deliveryProofs.photoKey,
      photoThumbnailKey: deliveryProofs.photoThumbnailKey,
      signatureKey: deliveryProofs.signatureKey,
    })
    .from(deliveryProofs);
  return new Set(
    rows.flatMap((row) => [row.photoKey, row.photoThumbnailKey, row.signatureKey]).filter((key) => key !== null),
  );
}
