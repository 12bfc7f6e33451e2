import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';
import { findTrackResultJson } from './tracking.repository.ts';

/**
 * What a customer sees for a tracking code, as JSON text of the TrackResult shape: status, estimated
 * delivery and locations, no personal data; `late` (isRunningLate) as of `now`, so the page says
 * "Running late" instead of showing a delivery date that has passed.
 */
export async function trackShipment(db: Database, trackingCode: string, now = new Date()): Promise<string> {
  const json = await findTrackResultJson(db, trackingCode, now);
  if (json === undefined) throw notFound(PACKAGE_NOT_FOUND);
  return json;
}
