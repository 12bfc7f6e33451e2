import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailLog } from '../../db/schema/index.ts';

export type MailLogRow = typeof mailLog.$inferSelect;
export type NewMailLogRow = typeof mailLog.$inferInsert;

export async function insertMailLogEntry(db: Database, values: NewMailLogRow): Promise<MailLogRow> {
  const [row] = await db.insert(mailLog).values(values).returning();
  return row!;
}

/** Newest first; ties broken by id so pages never overlap. */
export async function findMailLogPage(db: Database, page: { limit: number; offset: number }): Promise<MailLogRow[]> {
  return db
    .select()
    .from(mailLog)
    .orderBy(desc(mailLog.createdAt), desc(mailLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countMailLog(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(mailLog);
  return row?.count ?? 0;
}
