import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageFields, submitPackage } from '../../../test/support/factories.ts';
import type { TestClient } from '../../../test/support/http-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app.ts';
import { createTestDatabase, databasesFor, type TestDatabase } from '../../../test/support/test-databases.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { registerConsumers } from './events.repository.ts';
import type { EventConsumer, PackageEvent } from './events.service.ts';
import { recordPackageEvent } from './events.service.ts';

interface StoredEvent {
  id: number;
  type: string;
  package_id: string;
  tracking_code: string;
  actor: unknown;
  payload: Record<string, unknown>;
}

async function rows<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const eventsOf = (db: Database, trackingCode: string) =>
  rows<StoredEvent>(
    db,
    sql`SELECT id::int AS id, type, package_id, tracking_code, actor, payload FROM package_events
        WHERE tracking_code = ${trackingCode} ORDER BY id`,
  );

// Both databases: the events are rows written in the change's transaction, fanned out by a trigger, and
// claimed with row locks.
describe.each(databasesFor('sql'))('package events on %s', (kind) => {
  let testApp: TestApp;
  let operator: TestClient;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
    operator = await testApp.operator();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('records one event a change, in its transaction, naming the package and the operator but no person', async () => {
    const fields = packageFields({ name: 'Adaeze Okafor', email: 'adaeze@example.com', rname: 'Kwame Mensah' });
    const code = await submitPackage(testApp, fields);
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(200);
    // A refused change (accepting twice) records nothing.
    expect((await operator.post('/api/admin/accept', { trackingCode: code })).status).toBe(409);
    const setStatus = (status: string) => operator.post('/api/admin/update-status', { trackingCode: code, status });
    expect((await setStatus('Shipped')).status).toBe(200);
    // The status it already has: no news.
    expect((await setStatus('Shipped')).status).toBe(200);
    const location = { trackingCode: code, location: 'Accra hub' };
    expect((await operator.post('/api/admin/location-update', location)).status).toBe(201);
    expect((await setStatus('Delivered')).status).toBe(200);
    expect((await operator.delete(`/api/admin/packages/${code}`)).status).toBe(200);

    const events = await eventsOf(testApp.app.db, code);
    expect(events.map((event) => event.type)).toEqual([
      'package.submitted',
      'package.accepted',
      'package.status_changed',
      'package.location_added',
      'package.status_changed',
      'package.delivered',
      'package.deleted',
    ]);
    expect(events.every((event, index) => index === 0 || event.id > events[index - 1]!.id)).toBe(true);
    expect(new Set(events.map((event) => event.package_id)).size).toBe(1);
    expect(events[0]!.actor).toEqual({ kind: 'customer' });
    const [operatorRow] = await rows<{ id: string }>(
      testApp.app.db,
      sql`SELECT id FROM operators WHERE email = ${TEST_ADMIN.email}`,
    );
    expect(events[1]!.actor).toEqual({ kind: 'operator', id: operatorRow!.id });
    expect(events[1]!.payload).toEqual({ estimatedDelivery: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(events[2]!.payload).toEqual({ from: 'Order Placed', to: 'Shipped', since: expect.any(String) });
    expect(events[3]!.payload).toEqual({ location: 'Accra hub', updateId: expect.any(String) });
    expect(events[4]!.payload).toMatchObject({ from: 'Shipped', to: 'Delivered' });
    // Nothing of the people: names, addresses, phones, the operator's e-mail, an IP address.
    const text = JSON.stringify(events);
    for (const personal of ['Adaeze', 'Kwame', 'adaeze@example.com', fields.rphone, fields.phone, TEST_ADMIN.email]) {
      expect(text).not.toContain(personal);
    }
    expect(text).not.toContain('127.0.0.1');

    // The mail consumer took every one of them in before the answers came.
    const deliveries = await rows<{ status: string }>(
      testApp.app.db,
      sql`SELECT d.status FROM event_deliveries d JOIN package_events e ON e.id = d.event_id
          WHERE e.tracking_code = ${code} AND d.consumer = 'mail'`,
    );
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(7).fill('done'));
  });
});

/** A consumer that writes what it hears into a table of its own, in its transaction; it fails while told to. */
function recordingConsumer(name: string) {
  const state = { failing: false, skipCode: '', skippedWith: [] as (string | null)[] };
  const consumer: EventConsumer = {
    name,
    skips(event, accountId) {
      if (event.trackingCode !== state.skipCode) return false;
      state.skippedWith.push(accountId);
      return true;
    },
    async handle(tx, event: PackageEvent) {
      await tx.execute(sql`INSERT INTO heard_events (consumer, event_id) VALUES (${name}, ${event.id})`);
      if (state.failing) throw new Error('the channel is down');
    },
  };
  return { consumer, state };
}

async function recordEvents(db: Database, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    ids.push(
      await db.transaction((tx) =>
        recordPackageEvent(tx, {
          type: 'package.location_added',
          packageId: randomUUID(),
          trackingCode: `EVT${index}`,
          actor: { kind: 'system' },
          payload: { location: `Stop ${index}`, updateId: randomUUID() },
        }),
      ),
    );
  }
  return ids;
}

const heardBy = (db: Database, consumer: string) =>
  rows<{ event_id: number }>(
    db,
    sql`SELECT event_id::int AS event_id FROM heard_events WHERE consumer = ${consumer} ORDER BY event_id`,
  ).then((heard) => heard.map((row) => row.event_id));

describe.each(databasesFor('sql'))('a consumer added to the app on %s', (kind) => {
  let dataDir: string;
  let database: TestDatabase;
  let app: FastifyInstance | undefined;
  const name = `recorder-${randomUUID().slice(0, 8)}`;
  const recorder = recordingConsumer(name);

  const start = async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    app = await buildApp(config, { extraEventConsumers: [recorder.consumer] });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-events-'));
    database = await createTestDatabase(kind, dataDir);
    const first = await start();
    await first.db.execute(sql`CREATE TABLE heard_events (consumer text NOT NULL, event_id bigint NOT NULL)`);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hears every event recorded after it was registered once, across a failure and a restart', async () => {
    const db = app!.db;
    const before = await recordEvents(db, 3);
    await app!.packageEvents.runOnce();
    expect(await heardBy(db, name)).toEqual(before);

    // Failing: the attempts' writes are undone, the events wait for a retry.
    recorder.state.failing = true;
    const during = await recordEvents(db, 2);
    await app!.packageEvents.runOnce();
    expect(await heardBy(db, name)).toEqual(before);
    const [retry] = await rows<{ attempts: number; last_error: string; status: string }>(
      db,
      sql`SELECT attempts, last_error, status FROM event_deliveries WHERE consumer = ${name} AND event_id = ${during[0]}`,
    );
    expect(retry).toEqual({ attempts: 1, last_error: 'the channel is down', status: 'pending' });

    // A restart: the new process hears what is due, once the retry's time has come, and nothing twice.
    await app!.close();
    recorder.state.failing = false;
    const restarted = await start();
    await restarted.packageEvents.runOnce(new Date(Date.now() + 60 * 60_000));
    const after = await recordEvents(restarted.db, 2);
    await restarted.packageEvents.idle();
    await restarted.packageEvents.runOnce();
    expect(await heardBy(restarted.db, name)).toEqual([...before, ...during, ...after]);
  });

  it('marks the events it skips handled without hearing them, beside those it hears', async () => {
    const db = app!.db;
    const heard = await heardBy(db, name);
    recorder.state.skipCode = 'EVT1';
    const [first, skipped, last] = await recordEvents(db, 3);
    await app!.packageEvents.idle();
    await app!.packageEvents.runOnce();
    recorder.state.skipCode = '';
    expect(await heardBy(db, name)).toEqual([...heard, first, last]);
    // Told the account of the event's package: none here (no such package).
    expect(recorder.state.skippedWith).toEqual([null]);
    const deliveries = await rows<{ event_id: number; status: string; attempts: number }>(
      db,
      sql`SELECT event_id::int AS event_id, status, attempts FROM event_deliveries
          WHERE consumer = ${name} AND event_id IN (${first}, ${skipped}, ${last}) ORDER BY event_id`,
    );
    expect(deliveries).toEqual([first, skipped, last].map((id) => ({ event_id: id, status: 'done', attempts: 1 })));
  });
});

/** A process of test/support/event-consumer-process.ts, once it says it runs. */
async function startConsumerProcess(databaseUrl: string, consumer: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CONSUMER_PROCESS], {
    env: { ...process.env, DATABASE_URL: databaseUrl, CONSUMER: consumer },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the consumer process ended (${code}) before it ran`)));
  });
  return child;
}

const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

const CONSUMER_PROCESS = path.resolve(import.meta.dirname, '../../../test/support/event-consumer-process.ts');

// PostgreSQL only: processes share a database only there (PGlite lives in one process).
describe.runIf(process.env.TEST_DATABASE_URL)('package events in two processes on postgres', () => {
  let dataDir: string;
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-events-'));
    database = await createTestDatabase('postgres', dataDir);
    handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir });
    await handle.db.execute(
      sql`CREATE TABLE heard_events (consumer text NOT NULL, event_id bigint NOT NULL, pid integer NOT NULL)`,
    );
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(ended));
    await handle?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('hands each event to one of them once, when one is killed mid-way and started again', async () => {
    const consumer = 'recorder';
    await registerConsumers(handle.db, [consumer]);
    children.push(await startConsumerProcess(database.databaseUrl!, consumer));
    children.push(await startConsumerProcess(database.databaseUrl!, consumer));
    const [first] = children;

    const recorded = await recordEvents(handle.db, 40);
    await expect.poll(async () => (await heardBy(handle.db, consumer)).length, { timeout: 30_000 }).toBeGreaterThan(10);
    first!.kill('SIGKILL');
    await ended(first!);
    recorded.push(...(await recordEvents(handle.db, 80)));
    children.push(await startConsumerProcess(database.databaseUrl!, consumer));
    recorded.push(...(await recordEvents(handle.db, 40)));

    const pending = () =>
      rows<{ count: number }>(
        handle.db,
        sql`SELECT count(*)::int AS count FROM event_deliveries WHERE consumer = ${consumer} AND status <> 'done'`,
      ).then(([row]) => row!.count);
    await expect.poll(pending, { timeout: 60_000 }).toBe(0);
    expect(await heardBy(handle.db, consumer)).toEqual(recorded);
    const pids = await rows<{ pid: number }>(
      handle.db,
      sql`SELECT DISTINCT pid FROM heard_events WHERE consumer = ${consumer}`,
    );
    expect(pids.length).toBeGreaterThanOrEqual(2);
  });
});
