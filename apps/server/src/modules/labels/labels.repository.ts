import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { packages } from '../../db/schema/index.ts';

/** The columns a label prints, for the packages with these codes (unknown codes are simply absent). */
export async function findLabelRows(db: Database, trackingCodes: string[]) {
  if (trackingCodes.length === 0) return [];
  return db
    .select({
      trackingCode: packages.trackingCode,
      status: packages.status,
      name: packages.name,
      phone: packages.phone,
      pickupLocation: packages.pickupLocation,
      receiverName: packages.receiverName,
      receiverPhone: packages.receiverPhone,
      destination: packages.destination,
      quantity: packages.quantity,
      weight: packages.weight,
      dimensionUnit: packages.dimensionUnit,
      length: packages.length,
      width: packages.width,
      height: packages.height,
      estimatedDelivery: packages.estimatedDelivery,
    })
    .from(packages)
    .where(inArray(packages.trackingCode, trackingCodes));
}

export type LabelRow = Awaited<ReturnType<typeof findLabelRows>>[number];
