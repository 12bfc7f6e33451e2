import type { DriverEventType, DriverEventWire } from '@waybill/domain';
import { announceOutboxChange } from './channel.ts';
import { putAction } from './outbox-db.ts';

/** A random (version 4) UUID; `crypto.randomUUID` exists on https only, the phone may use plain http. */
export function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface ActionInput {
  type: DriverEventType;
  trackingCode: string;
  reason?: string;
  note?: string;
  receivedBy?: string;
  photo?: Blob | null;
  signature?: Blob | null;
}

/**
 * Stores an action on the phone, stamped with the moment it was taken and a fresh id: from here it
 * waits in the outbox until the server answers for it, whatever happens to the connection or the page.
 */
export async function recordAction(driver: string, input: ActionInput, now = new Date()): Promise<string> {
  const id = newEventId();
  const event: DriverEventWire = {
    id,
    type: input.type,
    trackingCode: input.trackingCode,
    at: now.toISOString(),
    ...(input.reason ? { reason: input.reason } : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.receivedBy ? { receivedBy: input.receivedBy } : {}),
  };
  await putAction({
    id,
    driver,
    event,
    ...(input.photo ? { photo: input.photo } : {}),
    ...(input.signature ? { signature: input.signature } : {}),
    state: 'waiting',
    takenAt: now.getTime(),
  });
  announceOutboxChange();
  return id;
}
