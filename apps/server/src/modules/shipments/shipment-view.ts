import { DIMENSION_UNITS, type ShipmentView, type TrackResult } from '@waybill/domain';
import { z } from 'zod';
import type { ImageStorage } from '../../storage/image-storage.ts';
import type { LocationUpdateRow, ShipmentImageRow, ShipmentRow } from './shipments.repository.ts';

const locationUpdateSchema = z.object({ _id: z.string(), location: z.string(), timestamp: z.string() });

/** The Package shape of docs/API.md (ShipmentView), checked on the way out. */
export const shipmentViewSchema = z.object({
  _id: z.string(),
  trackingCode: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  pickupLocation: z.string(),
  rname: z.string(),
  remail: z.string(),
  rphone: z.string(),
  destination: z.string(),
  description: z.string(),
  quantity: z.number(),
  weight: z.number(),
  dimensionUnit: z.enum(DIMENSION_UNITS),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  packageImages: z.array(z.string()),
  packageThumbnails: z.array(z.string()),
  locationUpdates: z.array(locationUpdateSchema),
  estimatedDelivery: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ShipmentView>;

/** The public tracking answer: no personal data can pass this schema. */
export const trackResultSchema = z.strictObject({
  trackingNumber: z.string(),
  trackingCode: z.string(),
  status: z.string(),
  estimatedDelivery: z.string().nullable(),
  locationUpdates: z.array(z.strictObject({ location: z.string(), timestamp: z.string() })),
}) satisfies z.ZodType<TrackResult>;

export function toShipmentView(
  row: ShipmentRow,
  images: ShipmentImageRow[],
  updates: LocationUpdateRow[],
  storage: ImageStorage,
): ShipmentView {
  return {
    _id: row.id,
    trackingCode: row.trackingCode,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    pickupLocation: row.pickupLocation,
    rname: row.rname,
    remail: row.remail,
    rphone: row.rphone,
    destination: row.destination,
    description: row.description,
    quantity: row.quantity,
    weight: row.weight,
    dimensionUnit: row.dimensionUnit as ShipmentView['dimensionUnit'],
    length: row.length,
    width: row.width,
    height: row.height,
    packageImages: images.map((image) => storage.urlFor(image.storageKey)),
    packageThumbnails: images.map((image) => storage.urlFor(image.thumbnailKey)),
    locationUpdates: updates.map((update) => ({
      _id: update.id,
      location: update.location,
      timestamp: update.timestamp.toISOString(),
    })),
    estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
