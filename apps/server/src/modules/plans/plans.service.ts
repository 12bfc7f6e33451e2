import type { Plan, PlanInput } from '@waybill/domain';
import { PLAN_EXISTS, PLAN_NOT_FOUND } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { type AuditActor, changedFields, pickFields, recordAudit } from '../audit/audit.service.ts';
import * as repository from './plans.repository.ts';

function toPlan(row: repository.PlanRow): Plan {
  const { id, updatedAt: _updatedAt, ...fields } = row;
  return { _id: id, ...fields };
}

export async function listPlans(db: Database): Promise<Plan[]> {
  return (await repository.findPlans(db)).map(toPlan);
}

/** There is one plan (SPEC §3); a second create is a 409, enforced by the database. */
const PLAN_FIELDS = [
  'name1',
  'name2',
  'name3',
  'price1',
  'price2',
  'price3',
  'description1',
  'description2',
  'description3',
] as const;

export async function createPlan(db: Database, actor: AuditActor, input: PlanInput): Promise<Plan> {
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.insertPlan(tx, input);
      await recordAudit(tx, {
        actor,
        action: 'plan.created',
        target: { type: 'plan', id: row.id },
        after: pickFields(row, PLAN_FIELDS),
      });
      return toPlan(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'plans_single_row_key')) throw conflict(PLAN_EXISTS);
    throw error;
  }
}

export async function editPlan(db: Database, actor: AuditActor, id: string, input: PlanInput): Promise<Plan> {
  if (!isUuid(id)) throw notFound(PLAN_NOT_FOUND);
  return db.transaction(async (tx) => {
    const before = (await repository.findPlans(tx)).find((plan) => plan.id === id);
    const row = before ? await repository.updatePlan(tx, id, input) : undefined;
    if (!before || !row) throw notFound(PLAN_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'plan.updated',
      target: { type: 'plan', id },
      ...changedFields(before, row, PLAN_FIELDS),
    });
    return toPlan(row);
  });
}
