import { expect } from 'vitest';
import type { TestClient } from './http-client.ts';

/** How long each health check takes, one after another, until `until` settles (each must answer 200). */
export async function healthTimesDuring(client: TestClient, until: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void until.finally(() => {
    settled = true;
  });
  const times: number[] = [];
  do {
    const started = performance.now();
    const answer = await client.get('/api/health');
    times.push(performance.now() - started);
    expect(answer.status).toBe(200);
  } while (!settled);
  return times;
}
