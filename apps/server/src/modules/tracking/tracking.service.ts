import type { TrackResult } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { toTrackResult } from '../shipments/shipment-view.ts';
import { findLocationUpdatesOf, findShipmentByCode } from '../shipments/shipments.repository.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';

/** What a customer sees for a tracking code: status, estimated delivery and locations, no personal data. */
export async function trackShipment(db: Database, trackingCode: string): Promise<TrackResult> {
  const shipment = await findShipmentByCode(db, trackingCode);
  if (!shipment) throw notFound(PACKAGE_NOT_FOUND);
  return toTrackResult(shipment, await findLocationUpdatesOf(db, [shipment.id]));
}
