import type { AttentionRules } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import * as repository from './attention.repository.ts';

/** The hours of the "Needs attention" rules in force (defaults: 24, 48, 0). */
export async function getAttentionRules(db: Database): Promise<AttentionRules> {
  return repository.readAttentionRules(db);
}

/** Saves the rules; the audit entry keeps only the hours that changed, in the same transaction. */
export async function saveAttentionRules(
  db: Database,
  actor: AuditActor,
  rules: AttentionRules,
): Promise<AttentionRules> {
  return db.transaction(async (tx) => {
    const before = await repository.readAttentionRules(tx);
    const saved = await repository.saveAttentionRules(tx, rules);
    const changed = (Object.keys(saved) as (keyof AttentionRules)[]).filter((key) => before[key] !== saved[key]);
    await recordAudit(tx, {
      actor,
      action: 'settings.attention_changed',
      target: { type: 'settings', id: 'attention' },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, saved[key]])),
    });
    return saved;
  });
}
