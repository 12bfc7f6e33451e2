import type { ContactDetailsFields } from '@waybill/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactDetails } from '../../db/schema/index.ts';

export type ContactDetailsRow = typeof contactDetails.$inferSelect;

export async function findContactDetails(db: Database): Promise<ContactDetailsRow[]> {
  return db.select().from(contactDetails).orderBy(asc(contactDetails.updatedAt));
}

export async function insertContactDetails(db: Database, input: ContactDetailsFields): Promise<ContactDetailsRow> {
  const [row] = await db.insert(contactDetails).values(input).returning();
  return row!;
}

export async function updateContactDetails(
  db: Database,
  id: string,
  input: ContactDetailsFields,
): Promise<ContactDetailsRow | undefined> {
  const [row] = await db
    .update(contactDetails)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(contactDetails.id, id))
    .returning();
  return row;
}
