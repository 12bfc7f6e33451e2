import {
  DEFAULT_FAILURE_REASONS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_WORKING_DAYS,
  type DeliverySettings,
  defaultDepotLocation,
  type deliverySettingsInputSchema,
  localDay,
} from '@waybill/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import * as repository from './driver-events.repository.ts';

/**
 * The rules in force: the saved row, or the defaults (the depot named after the company, 3 attempts,
 * Monday to Friday, no holidays).
 */
export async function getDeliverySettings(db: Database, companyName: string): Promise<DeliverySettings> {
  return (
    (await repository.readDeliverySettings(db)) ?? {
      depotLocation: defaultDepotLocation(companyName),
      maxAttempts: DEFAULT_MAX_ATTEMPTS,
      failureReasons: [...DEFAULT_FAILURE_REASONS],
      workingDays: [...DEFAULT_WORKING_DAYS],
      holidays: [],
    }
  );
}

/**
 * Saves the rules; the audit entry keeps only what changed, in the same transaction. Working days or
 * holidays left out keep those saved; a holiday before today (the server's calendar) is dropped.
 */
export async function saveDeliverySettings(
  db: Database,
  actor: AuditActor,
  companyName: string,
  input: z.output<typeof deliverySettingsInputSchema>,
  now = new Date(),
): Promise<DeliverySettings> {
  return db.transaction(async (tx) => {
    const before = await getDeliverySettings(tx, companyName);
    const today = localDay(now);
    const saved = await repository.saveDeliverySettings(tx, {
      depotLocation: input.depotLocation,
      maxAttempts: input.maxAttempts,
      failureReasons: input.failureReasons,
      workingDays: input.workingDays ?? before.workingDays,
      holidays: (input.holidays ?? before.holidays).filter((day) => day >= today),
    });
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
