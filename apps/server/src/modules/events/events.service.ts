import type { Database } from '../../db/client.ts';
import { insertPackageEvent, insertPackageEvents } from './events.repository.ts';
import type { NewPackageEvent } from './package-event.ts';

export type { DispatchRun, EventConsumer } from './event-dispatcher.ts';
export type { EventActor, NewPackageEvent, PackageEvent, PackageEventType } from './package-event.ts';
export { PACKAGE_EVENT_TYPES } from './package-event.ts';

/**
 * Records what happened to a package, in the transaction that made the change (`tx`): the event exists
 * exactly when the change does, and every registered consumer hears of it once, later. The code that
 * changes packages calls this and knows no consumer.
 */
export async function recordPackageEvent(tx: Database, event: NewPackageEvent): Promise<number> {
  return insertPackageEvent(tx, event);
}

/** Records many events in the caller's transaction, in one statement and in the order given (a batch of changes). */
export async function recordPackageEvents(tx: Database, events: NewPackageEvent[]): Promise<void> {
  await insertPackageEvents(tx, events);
}
