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
