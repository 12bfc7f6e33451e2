import { type AttentionRules, DEFAULT_ATTENTION_RULES } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { attentionSettings } from '../../db/schema/index.ts';

const columns = {
  pendingHours: attentionSettings.pendingHours,
  staleHours: attentionSettings.staleHours,
  lateHours: attentionSettings.lateHours,
};

/** The saved rules, or the defaults while no admin has saved any (no row). */
export async function readAttentionRules(db: Database): Promise<AttentionRules> {
  const [row] = await db.select(columns).from(attentionSettings).limit(1);
  return row ?? DEFAULT_ATTENTION_RULES;
}

export async function saveAttentionRules(db: Database, rules: AttentionRules): Promise<AttentionRules> {
  const [row] = await db
    .insert(attentionSettings)
    .values({ id: 1, ...rules })
    .onConflictDoUpdate({ target: attentionSettings.id, set: { ...rules, updatedAt: new Date() } })
    .returning(columns);
  return row!;
}
