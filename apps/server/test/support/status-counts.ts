import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

type Counts = Record<string, number>;

const rowsOf = (result: unknown) => (result as { rows: { status: string; count: unknown }[] }).rows;
const byStatus = (rows: { status: string; count: unknown }[]): Counts =>
  Object.fromEntries(rows.map(({ status, count }) => [status, Number(count)]));

/**
 * The per-status counters the triggers keep (zero rows left out) beside an exact count of the packages
 * by status: a test expects the two to be equal.
 */
export async function statusCounts(db: Database): Promise<{ counters: Counts; actual: Counts }> {
  const counters = rowsOf(
    await db.execute(sql`select status, count from package_status_counts where count <> 0 order by status`),
  );
  const actual = rowsOf(
    await db.execute(sql`select status, count(*) as count from packages group by status order by status`),
  );
  return { counters: byStatus(counters), actual: byStatus(actual) };
}
