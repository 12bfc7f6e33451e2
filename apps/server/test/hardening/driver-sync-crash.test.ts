// Killing the server during a driver's sync loses nothing the phone was told was stored: the real server
// is killed with SIGKILL the moment it has answered one batch, while a second batch is on its way, then
// started again on the same data. Every event answered 'applied' is there, once; the second batch is
// there whole or not at all, and sending it again applies each of its events exactly once.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { localDay } from '@waybill/domain';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { driverEvents, packages } from '../../src/db/schema/index.ts';
import { createOperatorRow } from '../../src/modules/auth/auth.service.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { insertRun, replaceStops } from '../../src/modules/runs/runs.repository.ts';
import { type ChildServer, REAL_SERVER_TEST_TIMEOUT_MS, startChildServer } from '../support/child-server.ts';
import { TestClient } from '../support/http-client.ts';
import { insertReadyPackages, locationsOf, type RoadEvent, roadEvent } from '../support/road.ts';
import { createTestDatabase, databasesFor, type TestDatabase } from '../support/test-databases.ts';

const DRIVER = { email: 'ama.driver@waybill.test', password: 'Harbor-Velvet-Rocket-9' };
const PACKAGES = 200;

type Result = { id: string; status: string; package?: { trackingCode: string; status: string } };

// Both databases: what survives a kill is what the database committed before the answer.
describe.each(databasesFor('sql'))("a server killed during a driver's sync on %s", (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let server: ChildServer | undefined;
  let codes: string[];

  /** Runs `work` on the database while no server has it open (PGlite allows one process). */
  const withDatabase = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => {
    const handle = await openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-sync-crash-'));
    database = await createTestDatabase(kind, dataDir);
    // A driver with today's run of 200 stops, written before the server starts.
    codes = await withDatabase(async (db) => {
      const driver = await createOperatorRow(db, {
        email: DRIVER.email,
        passwordHash: await hashPassword(DRIVER.password),
        name: 'Ama Driver',
        role: 'driver',
      });
      const seeded = await insertReadyPackages(db, PACKAGES);
      const run = await insertRun(db, { driverId: driver!.id, day: localDay(new Date()) });
      const rows = await db
        .select({ id: packages.id, trackingCode: packages.trackingCode })
        .from(packages)
        .where(inArray(packages.trackingCode, seeded));
      const idOf = new Map(rows.map((row) => [row.trackingCode, row.id]));
      await replaceStops(
        db,
        run!,
        seeded.map((code) => idOf.get(code)!),
      );
      return seeded;
    });
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    server = await startChildServer({ dataDir, databaseUrl: database.databaseUrl });
    const client = new TestClient(server.url);
    const signedIn = await client.post('/api/auth/login', DRIVER);
    expect(signedIn.status).toBe(200);
    return { current: server, client };
  };
  const send = async (client: TestClient, events: RoadEvent[]): Promise<Result[]> => {
    const answer = await client.post('/api/driver/events', { events });
    expect(answer.status).toBe(200);
    return answer.body.results;
  };
  /** Loaded, then a failed attempt, for each package. */
  const roundOf = (batchCodes: string[]) =>
    batchCodes.flatMap((code) => [
      roadEvent('loaded', code),
      roadEvent('attempt_failed', code, { reason: 'Nobody at home' }),
    ]);

  it('keeps every event it answered applied, and a batch cut off by the kill whole or not at all', {
    timeout: REAL_SERVER_TEST_TIMEOUT_MS,
  }, async () => {
    const answered = roundOf(codes.slice(0, PACKAGES / 2));
    const cutOff = roundOf(codes.slice(PACKAGES / 2));
    let { current, client } = await start();

    // The second batch follows the first closely; the kill comes as soon as the first is answered.
    const sending = send(client, answered);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = send(client, cutOff).then(
      (results) => results,
      () => undefined,
    );
    const first = await sending;
    current.child.kill('SIGKILL');
    expect(await current.exited).toBeNull();
    const secondBeforeKill = await second;
    expect(first.map((result) => result.status)).toEqual(Array(answered.length).fill('applied'));

    ({ current, client } = await start());
    // What the phone was told was stored is: sent again, every event answers its first result.
    const again = await send(client, answered);
    expect(again.map((result) => result.status)).toEqual(Array(answered.length).fill('duplicate'));
    expect(again.map((result) => result.package)).toEqual(first.map((result) => result.package));
    // The second batch is all stored or none of it (answered before the kill, or not).
    const resent = await send(client, cutOff);
    const outcomes = new Set(resent.map((result) => result.status));
    expect(outcomes.size).toBe(1);
    if (secondBeforeKill) expect([...outcomes]).toEqual(['duplicate']);
    console.info(
      `[sync crash ${kind}] ${answered.length} events answered before SIGKILL, all there after the restart; ` +
        `the ${cutOff.length} events in flight were ${outcomes.has('duplicate') ? 'stored whole' : 'not stored, and applied when sent again'}`,
    );
    await current.stop();

    // Each of the 400 events stored once, each package's two location updates there once.
    await withDatabase(async (db) => {
      const ids = [...answered, ...cutOff].map((event) => String(event.id));
      const [stored] = await db.select({ n: count() }).from(driverEvents).where(inArray(driverEvents.id, ids));
      expect(stored!.n).toBe(ids.length);
      for (const code of codes) {
        expect((await locationsOf(db, code)).sort()).toEqual(['Delivery attempted: Nobody at home', 'Waybill depot']);
      }
    });
  });
});
