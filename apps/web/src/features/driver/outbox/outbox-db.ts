// The driver app's outbox: every action taken on the road, kept on the phone (IndexedDB) from the
// moment it is taken until the server has answered for it. The page and the service worker both open
// it, so nothing here touches the page (no document, no React).
import type { DriverEventWire } from '@waybill/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** Where an action stands: not yet answered, answered (applied, or seen before), or refused with why. */
export type ActionState = 'waiting' | 'sent' | 'refused';

export interface OutboxAction {
  /** The event's id, a random UUID made on the phone: the server applies one id once. */
  id: string;
  /** The e-mail address of the driver who took it: a phone shared by two drivers sends each one's actions in their own session. */
  driver: string;
  event: DriverEventWire;
  /** The photo and signature of a delivery, sent after the event (they may be large). */
  photo?: Blob;
  signature?: Blob;
  state: ActionState;
  /** Whether the photo and signature still have to be sent; undefined when the action has none. */
  imagesState?: ActionState;
  /** Why the server refused the event (or its images), as it said it. */
  message?: string;
  /** When it was taken, on the phone's clock (ms): the order actions are sent in. */
  takenAt: number;
  /** When the server answered for it (ms). */
  answeredAt?: number;
}

interface OutboxSchema extends DBSchema {
  actions: { key: string; value: OutboxAction; indexes: { 'by-taken': number } };
}

const DATABASE = 'waybill-driver';
const VERSION = 1;

let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;

/** The outbox's database, opened once per page or worker. */
export function openOutbox(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(DATABASE, VERSION, {
    upgrade(db) {
      const actions = db.createObjectStore('actions', { keyPath: 'id' });
      actions.createIndex('by-taken', 'takenAt');
    },
    // Another tab or a new worker wants a newer version: let it, and open again when next asked.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}

/** Every action of a driver, oldest first. */
export async function listActions(driver: string): Promise<OutboxAction[]> {
  const db = await openOutbox();
  return (await db.getAllFromIndex('actions', 'by-taken')).filter((action) => action.driver === driver);
}

/** True while the server has not answered for the action, or its images still have to go. */
export function isWaiting(action: OutboxAction): boolean {
  return action.state === 'waiting' || (action.state === 'sent' && action.imagesState === 'waiting');
}

export async function putAction(action: OutboxAction): Promise<void> {
  const db = await openOutbox();
  await db.put('actions', action);
}

/**
 * Changes one action in a transaction of its own, reading it first: an answer for an action that is no
 * longer there (the driver signed out and its outbox was emptied) changes nothing.
 */
export async function updateAction(id: string, change: (action: OutboxAction) => OutboxAction): Promise<void> {
  const db = await openOutbox();
  const tx = db.transaction('actions', 'readwrite');
  const action = await tx.store.get(id);
  if (action) await tx.store.put(change(action));
  await tx.done;
}

/**
 * Forgets the driver's answered actions taken before `before` (ms) and keeps every waiting one:
 * yesterday's run is over, what was sent of it is on the server.
 */
export async function forgetAnswered(driver: string, before: number): Promise<void> {
  const db = await openOutbox();
  const tx = db.transaction('actions', 'readwrite');
  for (const action of await tx.store.getAll()) {
    if (action.driver === driver && !isWaiting(action) && action.takenAt < before) await tx.store.delete(action.id);
  }
  await tx.done;
}
