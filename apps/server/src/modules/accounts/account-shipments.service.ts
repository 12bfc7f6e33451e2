import {
  type AccountShipInput,
  type AccountShipment,
  type AccountShipmentSummary,
  type LabelSize,
  PACKAGE_NOT_FOUND,
  PENDING_STATUS,
  SHIPMENT_NOT_PENDING,
  type TrackResult,
  type V1Shipment,
  type V1ShipmentInput,
} from '@waybill/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { pageWindow } from '../../db/paging.ts';
import { conflict, notFound } from '../../errors.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import type { AuditActor } from '../audit/audit.service.ts';
import { packageLabel } from '../labels/labels.service.ts';
import { shipFormFieldsOf } from '../packages/package-view.ts';
import { createPackageRow, deletePackage } from '../packages/packages.service.ts';
import { trackPackage } from '../tracking/tracking.service.ts';
import * as repository from './account-shipments.repository.ts';
import { senderOf } from './accounts.service.ts';
import type { Sender } from './api-key-cache.ts';

export interface ShipmentDeps {
  db: Database;
  storage: ImageStorage;
  config: Pick<Config, 'publicUrl' | 'company'>;
}

async function requireShipment(db: Database, accountId: string, code: string): Promise<repository.ShipmentRow> {
  const row = await repository.findShipment(db, accountId, code);
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

function toSummary(row: repository.ShipmentRow): AccountShipmentSummary {
  return {
    trackingCode: row.trackingCode,
    status: row.status,
    receiverName: row.receiverName,
    destination: row.destination,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listShipments(
  db: Database,
  accountId: string,
  query: { q?: string | undefined; status?: string | undefined; page: number; pageSize: number },
): Promise<{ items: AccountShipmentSummary[]; total: number }> {
  const filter = { status: query.status, q: query.q || undefined };
  const [rows, total] = await Promise.all([
    repository.findShipmentPage(db, accountId, filter, pageWindow(query)),
    repository.countShipments(db, accountId, filter),
  ]);
  return { items: rows.map(toSummary), total };
}

/** One shipment with its journey and proof exactly as the public tracking page tells them. */
export async function shipmentDetail(db: Database, accountId: string, code: string): Promise<AccountShipment> {
  const row = await requireShipment(db, accountId, code);
  const tracking = JSON.parse(await trackPackage(db, row.trackingCode)) as TrackResult;
  return {
    trackingCode: row.trackingCode,
    status: row.status,
    ...shipFormFieldsOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tracking,
  };
}

/** The label of one of the account's shipments (the labels module's: accepted packages only). */
export async function shipmentLabel(deps: ShipmentDeps, accountId: string, code: string, size: LabelSize) {
  const row = await requireShipment(deps.db, accountId, code);
  return packageLabel(deps, row.trackingCode, size);
}

/**
 * A new Pending package of the account: the sender is the account (its company, contact e-mail and
 * phone), collected at the account's address unless another pickup location is given. `known`: the
 * account's sender details as its API key's look-up read them.
 */
export async function shipForAccount(
  deps: ShipmentDeps,
  actor: AuditActor,
  accountId: string,
  input: AccountShipInput,
  known?: Sender,
): Promise<repository.ShipmentRow> {
  const sender = known ?? (await senderOf(deps.db, accountId));
  // The row as stored is the answer: nothing of a new Pending package is read back.
  return createPackageRow(
    deps.db,
    actor,
    {
      ...input,
      name: sender.name,
      email: sender.email,
      phone: sender.phone,
      pickupLocation: input.pickupLocation ?? sender.address,
      accountId,
    },
    [],
  );
}

/** /api/v1's shipment input in the ship form's terms. */
export function fromV1Input(input: V1ShipmentInput): AccountShipInput {
  return {
    receiverName: input.receiver.name,
    receiverEmail: input.receiver.email,
    receiverPhone: input.receiver.phone,
    destination: input.receiver.address,
    ...(input.pickupAddress !== undefined ? { pickupLocation: input.pickupAddress } : {}),
    description: input.description,
    quantity: input.quantity,
    weight: input.weightKg,
    dimensionUnit: input.dimensions.unit,
    length: input.dimensions.length,
    width: input.dimensions.width,
    height: input.dimensions.height,
  };
}

/** A row as /api/v1 answers it; with `events` when they were read. */
export function toV1Shipment(
  row: repository.ShipmentRow,
  events?: { location: string; timestamp: Date }[],
): V1Shipment {
  return {
    trackingCode: row.trackingCode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
    sender: { name: row.name, email: row.email, phone: row.phone },
    pickupAddress: row.pickupLocation,
    receiver: { name: row.receiverName, email: row.receiverEmail, phone: row.receiverPhone, address: row.destination },
    description: row.description,
    quantity: row.quantity,
    weightKg: row.weight,
    dimensions: { unit: row.dimensionUnit, length: row.length, width: row.width, height: row.height },
    ...(events
      ? { events: events.map((event) => ({ at: event.timestamp.toISOString(), location: event.location })) }
      : {}),
  };
}

export async function v1Shipment(db: Database, accountId: string, code: string): Promise<V1Shipment> {
  const row = await requireShipment(db, accountId, code);
  return toV1Shipment(row, await repository.findLocationUpdatesOf(db, row.id));
}

/** The cursor of the row a page ended with: opaque to clients, read back by `readCursor`. */
const writeCursor = (row: repository.ShipmentRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function readCursor(cursor: string | undefined): { createdAt: Date; id: string } | undefined | null {
  if (cursor === undefined) return undefined;
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { createdAt, id };
}

export const CURSOR_INVALID = 'cursor is not valid';

/** A page of /api/v1/shipments after a cursor; null for a cursor this server did not write. */
export async function v1ShipmentPage(
  db: Database,
  accountId: string,
  query: {
    cursor?: string | undefined;
    limit: number;
    status?: string | undefined;
    createdFrom?: string | undefined;
    createdTo?: string | undefined;
  },
): Promise<{ data: V1Shipment[]; nextCursor: string | null } | null> {
  const after = readCursor(query.cursor);
  if (after === null) return null;
  const filter = {
    status: query.status,
    createdFrom: query.createdFrom ? new Date(query.createdFrom) : undefined,
    createdTo: query.createdTo ? new Date(query.createdTo) : undefined,
  };
  const rows = await repository.findShipmentsAfter(db, accountId, filter, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => toV1Shipment(row)),
    nextCursor: rows.length > query.limit && last ? writeCursor(last) : null,
  };
}

/** Cancels (deletes) one of the account's shipments while it is Pending; 409 once it was accepted or rejected. */
export async function cancelShipment(deps: ShipmentDeps, actor: AuditActor, accountId: string, code: string) {
  const row = await requireShipment(deps.db, accountId, code);
  if (row.status !== PENDING_STATUS) throw conflict(SHIPMENT_NOT_PENDING);
  await deletePackage(deps, actor, row.trackingCode);
}
