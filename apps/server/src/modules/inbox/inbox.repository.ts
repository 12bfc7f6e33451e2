import type { InboxKind, InboxState } from '@waybill/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { inboxItems } from '../../db/schema/index.ts';

export type NewInboxRow = typeof inboxItems.$inferInsert;

// Every column but the password hash: nothing that reads the inbox can leak it by accident.
const listedColumns = {
  id: inboxItems.id,
  kind: inboxItems.kind,
  state: inboxItems.state,
  name: inboxItems.name,
  email: inboxItems.email,
  phone: inboxItems.phone,
  message: inboxItems.message,
  details: inboxItems.details,
  createdAt: inboxItems.createdAt,
};

export interface InboxRow {
  id: string;
  kind: string;
  state: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  details: Record<string, string>;
  createdAt: Date;
}

export interface InboxFilter {
  kind?: InboxKind;
  state?: InboxState;
}

function whereOf(filter: InboxFilter): SQL | undefined {
  return and(
    filter.kind ? eq(inboxItems.kind, filter.kind) : undefined,
    filter.state ? eq(inboxItems.state, filter.state) : undefined,
  );
}

/** Stores one received item; answers only its id. */
export async function insertInboxItem(db: Database, values: NewInboxRow): Promise<string> {
  const [row] = await db.insert(inboxItems).values(values).returning({ id: inboxItems.id });
  return row!.id;
}

/** Newest first; ties broken by id so pages never overlap. */
export async function findInboxPage(
  db: Database,
  filter: InboxFilter,
  page: { limit: number; offset: number },
): Promise<InboxRow[]> {
  return db
    .select(listedColumns)
    .from(inboxItems)
    .where(whereOf(filter))
    .orderBy(desc(inboxItems.createdAt), desc(inboxItems.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countInboxItems(db: Database, filter: InboxFilter): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(inboxItems).where(whereOf(filter));
  return row?.count ?? 0;
}

/** The item's state now, locked until the transaction ends (undefined for an unknown id). */
export async function lockInboxItemState(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ state: inboxItems.state })
    .from(inboxItems)
    .where(eq(inboxItems.id, id))
    .for('update');
  return row?.state;
}

/** The whole item, locked until the transaction ends (undefined for an unknown id). */
export async function lockInboxItem(db: Database, id: string): Promise<InboxRow | undefined> {
  const [row] = await db.select(listedColumns).from(inboxItems).where(eq(inboxItems.id, id)).for('update');
  return row;
}

export async function updateInboxItemState(db: Database, id: string, state: InboxState): Promise<InboxRow | undefined> {
  const [row] = await db
    .update(inboxItems)
    .set({ state, updatedAt: new Date() })
    .where(eq(inboxItems.id, id))
    .returning(listedColumns);
  return row;
}

/** How many items of each kind are still new. */
export async function countNewByKind(db: Database): Promise<{ kind: string; count: number }[]> {
  return db
    .select({ kind: inboxItems.kind, count: sql<number>`count(*)::int` })
    .from(inboxItems)
    .where(eq(inboxItems.state, 'new'))
    .groupBy(inboxItems.kind);
}
