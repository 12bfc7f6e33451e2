import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';
import { findTrackResultJson } from './tracking.repository.ts';

/**
 * What a customer sees for a tracking code, as JSON text of the TrackResult shape: status, estimated
 * delivery and locations, no personal data.
 */
export async function trackShipment(db: Database, trackingCode: string): Promise<string> {
  const json = await findTrackResultJson(db, trackingCode);
  if (json === undefined) throw notFound(PACKAGE_NOT_FOUND);
  return json;
}
