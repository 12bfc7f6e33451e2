// An account's imports: every query here is bounded by the account, so another account's import is
// not found, exactly like one that does not exist.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountImports, packages } from '../../db/schema/index.ts';

export type AccountImportRow = typeof accountImports.$inferSelect;

export async function insertImport(
  db: Database,
  values: { accountId: string; memberId: string | null; trackingCodes: string[] },
): Promise<AccountImportRow> {
  const [row] = await db.insert(accountImports).values(values).returning();
  return row!;
}

export async function findImport(db: Database, accountId: string, id: string): Promise<AccountImportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountImports)
    .where(and(eq(accountImports.accountId, accountId), eq(accountImports.id, id)))
    .limit(1);
  return row;
}

/** Which of these codes are the account's shipments (still there, not cancelled). */
export async function findOwnCodes(db: Database, accountId: string, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ trackingCode: packages.trackingCode })
    .from(packages)
    .where(and(eq(packages.accountId, accountId), inArray(packages.trackingCode, codes)));
  return new Set(rows.map((row) => row.trackingCode));
}
