import { safePlaceWords, storedSafePlace } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import * as repository from './packages.repository.ts';

// What the runs read of packages: their code, status, destination and receiver, never the rest.

export type { RunPackageRow } from './packages.repository.ts';

/** The packages with these ids, as a run shows them, keyed by id; an id of no package is absent. */
export async function findRunPackagesByIds(db: Database, ids: string[]) {
  const rows = await repository.findRunPackages(db, { ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, row]));
}

/** The packages with these tracking codes, as a run shows them, keyed by code; an unknown code is absent. */
export async function findRunPackagesByCodes(db: Database, trackingCodes: string[]) {
  const rows = await repository.findRunPackages(db, { trackingCodes: [...new Set(trackingCodes)] });
  return new Map(rows.map((row) => [row.trackingCode, row]));
}

/** What a package holds, by tracking code: a run sheet prints it for a stop without instructions. */
export async function findRunSheetNotes(db: Database, trackingCodes: string[]) {
  const rows = await repository.findDescriptionsByCodes(db, [...new Set(trackingCodes)]);
  return new Map(rows.map((row) => [row.trackingCode, row.description]));
}

/**
 * The choices set for these packages, as a driver's stop shows them (record 49), by package id; a
 * package with none is absent.
 */
export async function findStopPreferences(
  db: Database,
  packageIds: string[],
): Promise<Map<string, { instructions: string; safePlaceWords: string | null }>> {
  if (packageIds.length === 0) return new Map();
  const rows = await repository.findDeliveryPreferenceRows(db, [...new Set(packageIds)]);
  return new Map(
    rows.map((row) => [
      row.packageId,
      { instructions: row.instructions, safePlaceWords: safePlaceWords(storedSafePlace(row)) },
    ]),
  );
}
