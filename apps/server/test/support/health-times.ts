import { expect } from 'vitest';
import type { TestClient } from './http-client.ts';

/** One health check: how long it took, and how much of that this thread spent computing. */
export interface HealthCheckTime {
  ms: number;
  /**
   * CPU time of this thread while the check was out: the app under test runs here (startTestApp), so
   * work that holds its event loop shows in this figure, and time the thread spent waiting for a core
   * that other processes held does not. On a machine loaded by other work a check can wait a second
   * for its turn with no stall of the app's; a stall shows in both figures.
   */
  cpuMs: number;
}

const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/**
 * A pause before each check. Back to back, the checks kept a core busy themselves (2,000 to 6,000 of
 * them during a 500-label render), competing with the work they watch. The pause is timed with the
 * check, less its nominal length, so a stall that starts while no check is out still shows: the
 * pause's timer fires late, on the same thread as the app.
 */
const PAUSE_MS = 20;

/**
 * Each health check, one after another, until `until` settles (each must answer 200): how long it took
 * from the end of the pause before it, and how much of that this thread spent computing.
 */
export async function healthTimesDuring(client: TestClient, until: Promise<unknown>): Promise<HealthCheckTime[]> {
  let settled = false;
  void until.finally(() => {
    settled = true;
  });
  const times: HealthCheckTime[] = [];
  do {
    const started = performance.now();
    const cpuStarted = threadCpuMs();
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const answer = await client.get('/api/health');
    times.push({ ms: Math.max(0, performance.now() - started - PAUSE_MS), cpuMs: threadCpuMs() - cpuStarted });
    expect(answer.status).toBe(200);
  } while (!settled);
  return times;
}

/** The slowest figure of `times`, rounded to the millisecond. */
export const slowest = (times: HealthCheckTime[], figure: keyof HealthCheckTime = 'ms') =>
  Math.round(Math.max(...times.map((time) => time[figure])));

/** Each check as `wall/cpu` milliseconds, for a failure's message. */
export const describeTimes = (times: HealthCheckTime[]) =>
  times.map((time) => `${Math.round(time.ms)}/${Math.round(time.cpuMs)}`).join(', ');
