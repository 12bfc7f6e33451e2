import {
  DEFAULT_FAILURE_REASONS,
  DEFAULT_MAX_ATTEMPTS,
  type DeliverySettings,
  defaultDepotLocation,
} from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import * as repository from './driver-events.repository.ts';

/** The rules in force: the saved row, or the defaults (the depot named after the company, 3 attempts). */
export async function getDeliverySettings(db: Database, companyName: string): Promise<DeliverySettings> {
  return (
    (await repository.readDeliverySettings(db)) ?? {
      depotLocation: defaultDepotLocation(companyName),
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      failureReasons: [...DEFAULT_FAILURE_REASONS],
    }
  );
}

/** Saves the rules; the audit entry keeps only what changed, in the same transaction. */
export async function saveDeliverySettings(
  db: Database,
  actor: AuditActor,
  companyName: string,
  settings: DeliverySettings,
): Promise<DeliverySettings> {
  return db.transaction(async (tx) => {
    const before = await getDeliverySettings(tx, companyName);
    const saved = await repository.saveDeliverySettings(tx, settings);
    const changed = (Object.keys(saved) as (keyof DeliverySettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(saved[key]),
    );
    await recordAudit(tx, {
      actor,
      action: 'settings.delivery_changed',
      target: { type: 'settings', id: 'delivery' },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, saved[key]])),
    });
    return saved;
  });
}
