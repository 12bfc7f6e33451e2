// The shared counters: one statement per hit, a fixed window on the database's clock, on both databases.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databasesFor, type TestDatabase } from '../../test/support/test-databases.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { deleteExpiredCounters, hitCounter, leavePeers, settleCounters } from './rate-limit-store.ts';

// Both databases: the counters are one statement a hit, on the database's clock.
describe.each(databasesFor('sql'))('rate-limit counters on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-counters-'));
    database = await createTestDatabase(kind, dataDir);
    handle = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts up within the window and reports the time left', async () => {
    const first = await hitCounter(handle.db, 'up', 60_000);
    const second = await hitCounter(handle.db, 'up', 60_000);
    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    expect(first.ttl).toBeGreaterThan(59_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect(second.ttl).toBeLessThanOrEqual(first.ttl);
    // Another key has its own count.
    expect((await hitCounter(handle.db, 'other', 60_000)).current).toBe(1);
  });

  it('gives each of many simultaneous hits its own count', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, () => hitCounter(handle.db, 'rush', 60_000)));
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('starts again at 1 once the window has passed, and keeps a fixed window meanwhile', async () => {
    const start = await hitCounter(handle.db, 'window', 400);
    await sleep(200);
    const middle = await hitCounter(handle.db, 'window', 400);
    // A fixed window: the second hit does not push its end further.
    expect(middle.current).toBe(2);
    expect(middle.ttl).toBeLessThanOrEqual(start.ttl - 150);
    await sleep(middle.ttl + 50);
    const after = await hitCounter(handle.db, 'window', 400);
    expect(after.current).toBe(1);
    expect(after.ttl).toBeGreaterThan(300);
  });

  it('deletes only the counters whose window has ended', async () => {
    await hitCounter(handle.db, 'ended', 1);
    await hitCounter(handle.db, 'running', 60_000);
    await sleep(20);
    expect(await deleteExpiredCounters(handle.db)).toBeGreaterThanOrEqual(1);
    const keys = (await handle.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toContain('running');
    expect(keys).not.toContain('ended');
  });

  it('settles many keys in one statement, adding to what other processes counted, and counts the live processes', async () => {
    await hitCounter(handle.db, 'settled-a', 60_000);
    const first = await settleCounters(handle.db, 'process-1', [
      { key: 'settled-a', count: 3, windowMs: 60_000 },
      { key: 'settled-b', count: 2, windowMs: 60_000 },
    ]);
    expect(first.peers).toBe(1);
    expect(first.counts.get('settled-a')).toMatchObject({ current: 4 });
    expect(first.counts.get('settled-b')!.current).toBe(2);
    expect(first.counts.get('settled-b')!.ttl).toBeGreaterThan(59_000);
    // Another process settles the same key: both are alive, and the count is theirs together.
    const second = await settleCounters(handle.db, 'process-2', [{ key: 'settled-b', count: 5, windowMs: 60_000 }]);
    expect(second.peers).toBe(2);
    expect(second.counts.get('settled-b')!.current).toBe(7);
    // A heartbeat alone writes no counter; a process that leaves is no longer counted.
    await leavePeers(handle.db, 'process-1');
    const beat = await settleCounters(handle.db, 'process-2', []);
    expect(beat).toEqual({ peers: 1, counts: new Map() });
    await leavePeers(handle.db, 'process-2');
  });
});
