import type { Database } from '../../db/client.ts';
import { countConfirmed } from './subscriptions.repository.ts';

/**
 * How many addresses confirmed a package's e-mail updates: what the console shows of them (operators
 * see the number, never a stranger's address).
 */
export async function countSubscribers(db: Database, shipmentId: string): Promise<number> {
  return countConfirmed(db, shipmentId);
}
