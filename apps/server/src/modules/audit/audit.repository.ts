import { and, desc, eq, gte, inArray, lte, notInArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog, inboxItems, operators, plans, runs } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: string;
  actorEmail?: string;
  action?: string;
  /** Only these actions, or all but these. */
  actionIn?: readonly string[];
  actionNotIn?: readonly string[];
  /** Any of these target ids (a code as typed and upper-cased, an id lower-cased). */
  targetIds?: string[];
  from?: Date;
  to?: Date;
}

export async function insertAuditEntry(db: Database, values: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(values);
}

/** Writes many entries in one statement. */
export async function insertAuditEntries(db: Database, rows: NewAuditRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditLog).values(rows);
}

function filterCondition(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorEmail) conditions.push(eq(auditLog.actorEmail, filter.actorEmail));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actionIn) conditions.push(inArray(auditLog.action, [...filter.actionIn]));
  if (filter.actionNotIn) conditions.push(notInArray(auditLog.action, [...filter.actionNotIn]));
  if (filter.targetIds) conditions.push(inArray(auditLog.targetId, filter.targetIds));
  if (filter.from) conditions.push(gte(auditLog.at, filter.from));
  if (filter.to) conditions.push(lte(auditLog.at, filter.to));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function findAuditPage(
  db: Database,
  filter: AuditFilter,
  window: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(filterCondition(filter))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countAudit(db: Database, filter: AuditFilter): Promise<number> {
  return db.$count(auditLog, filterCondition(filter));
}

export async function findTargetHistory(
  db: Database,
  targetType: string,
  targetId: string,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.targetType, targetType)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}

/** The names and e-mails of these operators (ids that are UUIDs). */
export async function findOperatorNames(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: operators.id, name: operators.name, email: operators.email })
    .from(operators)
    .where(inArray(operators.id, ids));
}

/** The day and the driver's name and e-mail of these runs. */
export async function findRunLabels(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: runs.id, day: runs.day, name: operators.name, email: operators.email })
    .from(runs)
    .innerJoin(operators, eq(operators.id, runs.driverId))
    .where(inArray(runs.id, ids));
}

/** The three tier names of these plans. */
export async function findPlanNames(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: plans.id, name1: plans.name1, name2: plans.name2, name3: plans.name3 })
    .from(plans)
    .where(inArray(plans.id, ids));
}

/** The kind of these inbox items (never what the customer wrote). */
export async function findInboxKinds(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: inboxItems.id, kind: inboxItems.kind }).from(inboxItems).where(inArray(inboxItems.id, ids));
}
