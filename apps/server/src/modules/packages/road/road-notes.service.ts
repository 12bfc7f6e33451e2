import {
  ATTEMPT_PHOTO_REQUIRED,
  NO_ROAD_PHOTO,
  PACKAGE_NOT_FOUND,
  type PackageRoad,
  type RoadEntry,
  type RoadPhotoKind,
} from '@waybill/domain';
import type { Database } from '../../../db/client.ts';
import { isUuid } from '../../../db/ids.ts';
import { badRequest, notFound } from '../../../errors.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import { type OperatorActor, recordAudit } from '../../audit/audit.service.ts';
import { deleteStoredImages, storeImages } from '../images/image-processing.ts';
import { findPackageByCode, findPackageById } from '../packages.repository.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';
import * as repository from './road-notes.repository.ts';

// What the road told operators about a package (docs/decisions/0048): each failed attempt (when, why,
// the driver's note and photo) and each note, newest first. Never the public's: the tracking answers
// read none of it.

/**
 * An attempt's photo is named with a second dot (`{uuid}.attempt.webp`), which the name check of
 * `/uploads/{file}` never serves: it is reachable only through the operators' route.
 */
const attemptPhotoNames = (id: string) => ({
  storageKey: `${id}.attempt.webp`,
  thumbnailKey: `${id}-thumb.attempt.webp`,
});

/** Every name an attempt's photo may have, and its half-written twin on the local disk (for the sweep). */
export const ATTEMPT_PHOTO_FILE =
  /^\.?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb)?\.attempt\.webp(?:\.partial)?$/;

const roadPhotoPath = (trackingCode: string, id: string, kind: RoadPhotoKind) =>
  `/api/admin/packages/${encodeURIComponent(trackingCode)}/road/${id}/${kind}`;

/** The applied failed attempts and notes of a package, newest first; 404 for an unknown package. */
export async function getPackageRoad(db: Database, trackingCode: string): Promise<PackageRoad> {
  const pkg = await findPackageByCode(db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const rows = await repository.findRoadEntriesOf(db, pkg.id);
  return {
    entries: rows.map(
      (row): RoadEntry => ({
        id: row.id,
        type: row.type === 'note' ? 'note' : 'attempt_failed',
        at: row.at.toISOString(),
        driverName: row.driverName.trim() || row.driverEmail,
        reason: row.reason,
        note: row.note,
        photoUrl: row.photoKey ? roadPhotoPath(pkg.trackingCode, row.id, 'photo') : null,
        photoThumbnailUrl: row.photoThumbnailKey ? roadPhotoPath(pkg.trackingCode, row.id, 'thumbnail') : null,
      }),
    ),
  };
}

/** The bytes of an attempt's photo or its thumbnail (WebP). */
export async function readRoadPhoto(
  deps: { db: Database; storage: ImageStorage },
  trackingCode: string,
  id: string,
  kind: RoadPhotoKind,
): Promise<Buffer> {
  const pkg = await findPackageByCode(deps.db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const row = isUuid(id) ? await repository.findRoadPhotoOf(deps.db, pkg.id, id.toLowerCase()) : undefined;
  const key = kind === 'photo' ? row?.photoKey : row?.photoThumbnailKey;
  if (!key) throw notFound(NO_ROAD_PHOTO);
  try {
    return await deps.storage.read(key);
  } catch {
    throw notFound(NO_ROAD_PHOTO);
  }
}

/**
 * The photo of an applied failed attempt (event `id`, of package `packageId`), sent after it: checked by
 * its bytes and stored first (the submission pipeline: WebP, orientation applied, metadata dropped, a
 * thumbnail), then named on the event in one transaction; a photo sent again replaces the earlier one,
 * whose files go after the commit.
 */
export async function attachRoadAttemptPhoto(
  deps: { db: Database; storage: ImageStorage },
  actor: OperatorActor,
  target: { id: string; packageId: string },
  photo: ReceivedFile | undefined,
): Promise<{ trackingCode: string; photo: boolean; signature: boolean }> {
  if (!photo) throw badRequest(ATTEMPT_PHOTO_REQUIRED);
  const [stored] = await storeImages([photo], deps.storage, attemptPhotoNames);
  if (!stored) throw badRequest(ATTEMPT_PHOTO_REQUIRED);
  let outcome: { trackingCode: string; former: string[] };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const event = await repository.lockRoadEvent(tx, target.id);
      const pkg = await findPackageById(tx, target.packageId);
      if (!event || !pkg) throw notFound(PACKAGE_NOT_FOUND);
      await repository.setRoadPhoto(tx, target.id, {
        photoKey: stored.storageKey,
        photoThumbnailKey: stored.thumbnailKey,
      });
      await recordAudit(tx, {
        actor,
        action: 'package.attempt_photo_added',
        target: { type: 'package', id: pkg.trackingCode },
        before: { photo: event.photoKey !== null },
        after: { photo: true, event: target.id },
      });
      return {
        trackingCode: pkg.trackingCode,
        former: [event.photoKey, event.photoThumbnailKey].filter((key) => key !== null),
      };
    });
  } catch (error) {
    await deleteStoredImages([stored], deps.storage);
    throw error;
  }
  await Promise.allSettled(outcome.former.map((key) => deps.storage.delete(key)));
  return { trackingCode: outcome.trackingCode, photo: true, signature: false };
}
