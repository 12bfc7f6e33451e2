import type { Plan, PlanInput } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { isUuid } from '../../db/ids.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import * as repository from './plans.repository.ts';

export const PLAN_EXISTS = 'A plan already exists; edit it instead';
export const PLAN_NOT_FOUND = 'Plan not found';

function toPlan(row: repository.PlanRow): Plan {
  const { id, updatedAt: _updatedAt, ...fields } = row;
  return { _id: id, ...fields };
}

export async function listPlans(db: Database): Promise<Plan[]> {
  return (await repository.findPlans(db)).map(toPlan);
}

/** There is one plan (SPEC §3); a second create is a 409, enforced by the database. */
export async function createPlan(db: Database, input: PlanInput): Promise<Plan> {
  try {
    return toPlan(await repository.insertPlan(db, input));
  } catch (error) {
    if (isUniqueViolation(error, 'plans_single_row_key')) throw conflict(PLAN_EXISTS);
    throw error;
  }
}

export async function editPlan(db: Database, id: string, input: PlanInput): Promise<Plan> {
  const row = isUuid(id) ? await repository.updatePlan(db, id, input) : undefined;
  if (!row) throw notFound(PLAN_NOT_FOUND);
  return toPlan(row);
}
