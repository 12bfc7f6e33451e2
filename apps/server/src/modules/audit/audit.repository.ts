import { and, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export interface AuditFilter {
  actorId?: string;
  actorEmail?: string;
  action?: string;
  /** Any of these target ids (a code as typed and upper-cased, an id lower-cased). */
  targetIds?: string[];
  from?: Date;
  to?: Date;
}

export async function insertAuditEntry(db: Database, values: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(values);
}

function filterCondition(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.actorEmail) conditions.push(eq(auditLog.actorEmail, filter.actorEmail));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
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
