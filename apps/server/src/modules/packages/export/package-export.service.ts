import { type PackageExportQuery, readExportCodes } from '@waybill/domain';
import type { Database } from '../../../db/client.ts';
import { yieldToEventLoop } from '../../../event-loop.ts';
import type { ImageStorage } from '../../../storage/image-storage.ts';
import { shipFormFieldsOf } from '../package-view.ts';
import { findImagesOf } from '../packages.repository.ts';
import { type ExportCursor, findLastLocationsOf, findPackagesAfter } from './package-export.repository.ts';

/** Rows read from the database at a time: what an export holds in memory, however many packages match. */
export const EXPORT_BATCH_SIZE = 500;
/**
 * The same on the embedded database, whose queries run on the server's own thread: a read of 500 rows
 * held other requests for 100–170 ms on two busy cores, one of 200 rows half that, for the same total.
 */
export const EMBEDDED_EXPORT_BATCH_SIZE = 200;
/** Rows written out between two turns of the event loop. */
const EXPORT_SLICE = 100;

/** The columns of the export, in order: the key each row holds and the header a person reads. */
export const EXPORT_COLUMNS = [
  { key: 'trackingCode', header: 'Tracking code' },
  { key: 'status', header: 'Status' },
  { key: 'name', header: 'Shipper name' },
  { key: 'email', header: 'Shipper email' },
  { key: 'phone', header: 'Shipper phone' },
  { key: 'pickupLocation', header: 'Pickup location' },
  { key: 'receiverName', header: 'Receiver name' },
  { key: 'receiverEmail', header: 'Receiver email' },
  { key: 'receiverPhone', header: 'Receiver phone' },
  { key: 'destination', header: 'Destination' },
  { key: 'description', header: 'Description' },
  { key: 'quantity', header: 'Quantity' },
  { key: 'weight', header: 'Weight (kg)' },
  { key: 'dimensionUnit', header: 'Dimension unit' },
  { key: 'length', header: 'Length' },
  { key: 'width', header: 'Width' },
  { key: 'height', header: 'Height' },
  { key: 'createdAt', header: 'Created' },
  { key: 'estimatedDelivery', header: 'Estimated delivery' },
  { key: 'imageCount', header: 'Image count' },
  { key: 'imageUrls', header: 'Image URLs' },
  { key: 'lastLocation', header: 'Last location' },
  { key: 'lastLocationAt', header: 'Last location time' },
  { key: 'updatedAt', header: 'Last updated' },
] as const;

export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number]['key'], string | number>;

interface ExportDeps {
  db: Database;
  storage: ImageStorage;
}

/**
 * Every package the list's search and status filter match (only the listed codes, when `codes` is given), newest first, one row at a time, read
 * `batchSize` at a time by keyset. A consumer that stops pulling (a slow or gone client) stops the
 * reading: the next batch is only asked for when the previous one has been taken.
 */
export async function* exportPackages(
  deps: ExportDeps,
  query: PackageExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow> {
  const filter = {
    search: query.q?.trim().toLowerCase() || undefined,
    status: query.status?.trim() || undefined,
    trackingCodes: query.codes === undefined ? undefined : readExportCodes(query.codes),
  };
  let after: ExportCursor | undefined;
  for (;;) {
    const rows = await findPackagesAfter(deps.db, filter, after, batchSize);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [images, lastLocations] = await Promise.all([findImagesOf(deps.db, ids), findLastLocationsOf(deps.db, ids)]);
    const imagesById = new Map<string, typeof images>();
    for (const image of images) {
      const list = imagesById.get(image.packageId);
      if (list) list.push(image);
      else imagesById.set(image.packageId, [image]);
    }
    const lastLocationById = new Map(lastLocations.map((update) => [update.packageId, update]));
    for (const [index, row] of rows.entries()) {
      // Other requests are answered between slices of a batch (the embedded database's queries never
      // reach the event loop by themselves): an export of thousands held health checks for seconds.
      if (index % EXPORT_SLICE === 0) await yieldToEventLoop();
      const urls = (imagesById.get(row.id) ?? []).map((image) => deps.storage.urlFor(image.storageKey));
      const last = lastLocationById.get(row.id);
      yield {
        trackingCode: row.trackingCode,
        status: row.status,
        ...shipFormFieldsOf(row),
        createdAt: row.createdAt.toISOString(),
        estimatedDelivery: row.estimatedDelivery?.toISOString() ?? '',
        imageCount: urls.length,
        imageUrls: urls.join(' '),
        lastLocation: last?.location ?? '',
        lastLocationAt: last?.timestamp.toISOString() ?? '',
        updatedAt: row.updatedAt.toISOString(),
      };
    }
    if (rows.length < batchSize) return;
    const lastRow = rows.at(-1)!;
    after = { createdAt: lastRow.createdAt, id: lastRow.id };
  }
}
