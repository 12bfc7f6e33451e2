import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';

/**
 * How long a readiness check may take. A PostgreSQL server that went away behind a firewall does not
 * refuse a connection, it never answers; a load balancer asking every few seconds wants a 503 soon.
 */
export const READY_CHECK_TIMEOUT_MS = 3000;

/** One part this process needs to serve requests, and how to ask it whether it answers. */
interface ReadinessCheck {
  /** Named in the 503 message. */
  part: string;
  check(): Promise<unknown>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function readinessChecks(db: Database, storage: ImageStorage): ReadinessCheck[] {
  return [
    { part: 'database', check: () => db.execute(sql`select 1`) },
    { part: 'photo storage', check: () => storage.checkReady() },
  ];
}

/** The parts that do not answer now (all asked at once, each within READY_CHECK_TIMEOUT_MS), with why. */
export async function unreadyParts(
  checks: ReadinessCheck[],
  timeoutMs = READY_CHECK_TIMEOUT_MS,
): Promise<{ part: string; error: unknown }[]> {
  const results = await Promise.allSettled(checks.map(({ check }) => withTimeout(check(), timeoutMs)));
  return results.flatMap((result, index) =>
    result.status === 'rejected' ? [{ part: checks[index]!.part, error: result.reason }] : [],
  );
}
