import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { shipments } from '../../db/schema/index.ts';

/** The columns a label prints, for the packages with these codes (unknown codes are simply absent). */
export async function findLabelRows(db: Database, trackingCodes: string[]) {
  if (trackingCodes.length === 0) return [];
  return db
    .select({
      trackingCode: shipments.trackingCode,
      status: shipments.status,
      name: shipments.name,
      phone: shipments.phone,
      pickupLocation: shipments.pickupLocation,
      receiverName: shipments.receiverName,
      receiverPhone: shipments.receiverPhone,
      destination: shipments.destination,
      quantity: shipments.quantity,
      weight: shipments.weight,
      dimensionUnit: shipments.dimensionUnit,
      length: shipments.length,
      width: shipments.width,
      height: shipments.height,
      estimatedDelivery: shipments.estimatedDelivery,
    })
    .from(shipments)
    .where(inArray(shipments.trackingCode, trackingCodes));
}

export type LabelRow = Awaited<ReturnType<typeof findLabelRows>>[number];
