import { type PackageAnswer, receiverWire } from '@waybill/domain';
import type { ImageStorage } from '../../storage/image-storage.ts';
import type { LocationUpdateRow, PackageImageRow, PackageRow } from './packages.repository.ts';

type ShipFormRow = Pick<
  PackageRow,
  | 'name'
  | 'email'
  | 'phone'
  | 'pickupLocation'
  | 'receiverName'
  | 'receiverEmail'
  | 'receiverPhone'
  | 'destination'
  | 'description'
  | 'quantity'
  | 'weight'
  | 'dimensionUnit'
  | 'length'
  | 'width'
  | 'height'
>;

/**
 * The ship form's fields of a package row, as every answer and file that repeats them names them (the
 * unit is one of the form's: every way in checks it against the ship form's schema).
 */
export function shipFormFieldsOf(
  row: ShipFormRow,
): Omit<ShipFormRow, 'dimensionUnit'> & { dimensionUnit: PackageAnswer['dimensionUnit'] } {
  return {
    name: row.name,
    email: row.email,
    phone: row.phone,
    pickupLocation: row.pickupLocation,
    receiverName: row.receiverName,
    receiverEmail: row.receiverEmail,
    receiverPhone: row.receiverPhone,
    destination: row.destination,
    description: row.description,
    quantity: row.quantity,
    weight: row.weight,
    dimensionUnit: row.dimensionUnit as PackageAnswer['dimensionUnit'],
    length: row.length,
    width: row.width,
    height: row.height,
  };
}

/**
 * A package row, its images and its location updates as the console API answers them: the one place
 * the receiver's fields take SPEC §3's names (`rname`, `remail`, `rphone`).
 */
export function toPackageAnswer(
  row: PackageRow,
  images: PackageImageRow[],
  updates: LocationUpdateRow[],
  storage: ImageStorage,
): PackageAnswer {
  return receiverWire.toWire({
    _id: row.id,
    trackingCode: row.trackingCode,
    status: row.status,
    ...shipFormFieldsOf(row),
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
  });
}
