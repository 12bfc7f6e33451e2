import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { driverEvents, operators } from '../../../db/schema/index.ts';

// What the road told about packages, as the driver's events keep it: the failed attempts and notes
// applied, their text and the attempts' photos. The events themselves are the driver-events module's;
// what they say about a package is the package's, read and forgotten with it.

/** The applied failed attempts and notes of a package, newest first, with who sent them. */
export async function findRoadEntriesOf(db: Database, packageId: string) {
  return db
    .select({
      id: driverEvents.id,
      type: driverEvents.type,
      at: driverEvents.at,
      driverName: operators.name,
      driverEmail: operators.email,
      reason: driverEvents.reason,
      note: driverEvents.note,
      photoKey: driverEvents.photoKey,
      photoThumbnailKey: driverEvents.photoThumbnailKey,
    })
    .from(driverEvents)
    .innerJoin(operators, eq(operators.id, driverEvents.driverId))
    .where(
      and(
        eq(driverEvents.packageId, packageId),
        eq(driverEvents.outcome, 'applied'),
        inArray(driverEvents.type, ['attempt_failed', 'note']),
      ),
    )
    .orderBy(desc(driverEvents.at), desc(driverEvents.id));
}

/** One event with its photo's keys, locked until the transaction ends (two uploads of one photo queue). */
export async function lockRoadEvent(db: Database, id: string) {
  const [row] = await db
    .select({
      id: driverEvents.id,
      packageId: driverEvents.packageId,
      photoKey: driverEvents.photoKey,
      photoThumbnailKey: driverEvents.photoThumbnailKey,
    })
    .from(driverEvents)
    .where(eq(driverEvents.id, id))
    .for('update');
  return row;
}

export async function setRoadPhoto(
  db: Database,
  id: string,
  keys: { photoKey: string | null; photoThumbnailKey: string | null },
): Promise<void> {
  await db.update(driverEvents).set(keys).where(eq(driverEvents.id, id));
}

/** One applied event of the package with its photo's keys. */
export async function findRoadPhotoOf(db: Database, packageId: string, id: string) {
  const [row] = await db
    .select({ photoKey: driverEvents.photoKey, photoThumbnailKey: driverEvents.photoThumbnailKey })
    .from(driverEvents)
    .where(and(eq(driverEvents.id, id), eq(driverEvents.packageId, packageId), eq(driverEvents.outcome, 'applied')));
  return row;
}

/**
 * Forgets what the road told about a package being deleted: the notes and photos of its events go
 * (the events' rows stay, to answer a repeat of their ids). Answers the photos' keys, to remove after
 * the commit.
 */
export async function forgetRoadNotesOf(db: Database, packageId: string): Promise<string[]> {
  const told = and(
    eq(driverEvents.packageId, packageId),
    or(isNotNull(driverEvents.note), isNotNull(driverEvents.photoKey)),
  );
  const rows = await db
    .select({ photoKey: driverEvents.photoKey, photoThumbnailKey: driverEvents.photoThumbnailKey })
    .from(driverEvents)
    .where(told)
    .for('update');
  if (rows.length === 0) return [];
  await db.update(driverEvents).set({ note: null, photoKey: null, photoThumbnailKey: null }).where(told);
  return rows.flatMap((row) => [row.photoKey, row.photoThumbnailKey]).filter((key) => key !== null);
}

/** Every key an event's photo names: the crash-leftover sweep keeps these. */
export async function findRoadPhotoKeys(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ photoKey: driverEvents.photoKey, photoThumbnailKey: driverEvents.photoThumbnailKey })
    .from(driverEvents)
    .where(isNotNull(driverEvents.photoKey));
  return new Set(rows.flatMap((row) => [row.photoKey, row.photoThumbnailKey]).filter((key) => key !== null));
}
