import type { PlanInput } from '@waybill/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;

export async function findPlans(db: Database): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.updatedAt));
}

export async function insertPlan(db: Database, input: PlanInput): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(input).returning();
  return row!;
}

export async function updatePlan(db: Database, id: string, input: PlanInput): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row;
}
