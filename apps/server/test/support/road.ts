// A day on the road for tests: packages ready to go out, a driver's run of today with them as its stops,
// and the driver's events about them, sent as the driver app sends them.
import { randomUUID } from 'node:crypto';
import { generateTrackingCode, localDay } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { locationUpdates, packages } from '../../src/db/schema/index.ts';
import type { TestClient, TestResponse } from './http-client.ts';
import { signedInMember } from './team-members.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import type { DatabaseKind } from './test-databases.ts';

let sequence = 0;

/** A member of the team signed in: their id and their client. */
export interface SignedInMember {
  id: string;
  client: TestClient;
}

/** What a test file of the road works with: an app, its admin, and two drivers, Ama and Ben. */
export interface RoadTeam {
  testApp: TestApp;
  admin: TestClient;
  driverA: SignedInMember;
  driverB: SignedInMember;
}

/**
 * Starts the app on `kind` before the calling file's tests (its e-mails kept, not sent) with its admin
 * and two drivers signed in, and closes it after them; the fields are set once the tests run.
 */
export function roadTeam(kind: DatabaseKind): RoadTeam {
  const team = {} as RoadTeam;
  beforeAll(async () => {
    team.testApp = await startTestApp(kind);
    await team.testApp.app.mailOutbox.stop();
    team.admin = await team.testApp.operator();
    team.driverA = await signedInMember(team.testApp, 'driver', 'Ama Driver');
    team.driverB = await signedInMember(team.testApp, 'driver', 'Ben Driver');
  }, 60_000);
  afterAll(() => team.testApp?.close());
  return team;
}

/** `n` accepted packages (Order Placed), written straight to the database, with their own addresses. */
export async function readyPackages(testApp: TestApp, n: number): Promise<string[]> {
  return insertReadyPackages(testApp.app.db, n);
}

/** readyPackages on a database no test app holds (one a child server will open). */
export async function insertReadyPackages(db: Database, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, () => {
    sequence += 1;
    return {
      trackingCode: generateTrackingCode(),
      status: 'Order Placed',
      name: 'Ada Shipper',
      email: `ada.${sequence}@example.com`,
      phone: '+1 555 0100',
      pickupLocation: '12 Dock Street',
      receiverName: 'Grace Receiver',
      receiverEmail: `grace.${sequence}@example.org`,
      receiverPhone: '+44 20 7946 0000',
      destination: '1 Market Square',
      description: 'Books',
      quantity: 1,
      weight: 1,
      dimensionUnit: 'cm',
      length: 1,
      width: 1,
      height: 1,
    };
  });
  if (rows.length > 0) await db.insert(packages).values(rows);
  return rows.map((row) => row.trackingCode);
}

/** A run of the driver on `day` (today by default) with these stops in order; its id. */
export async function runWith(admin: TestClient, driverId: string, codes: string[], day = localDay(new Date())) {
  const created = await admin.post('/api/admin/runs', { driverId, date: day });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  await setStops(admin, id, codes);
  return id;
}

/** The whole order of a run's stops. */
export async function setStops(admin: TestClient, runId: string, codes: string[]) {
  const put = await admin.request('PUT', `/api/admin/runs/${runId}/stops`, { json: { trackingCodes: codes } });
  expect(put.status).toBe(200);
}

/** One event of the driver app, timed a minute ago unless `at` says otherwise. */
export function roadEvent(type: string, trackingCode: string, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), type, trackingCode, at: new Date(Date.now() - 60_000).toISOString(), ...extra };
}

/** Sends the events as one batch and expects each applied; the packages' statuses after them. */
export async function drive(driver: TestClient, events: Record<string, unknown>[]): Promise<string[]> {
  const answer = await driver.post('/api/driver/events', { events });
  expect(answer.status).toBe(200);
  const results = answer.body.results as { status: string; package?: { status: string } }[];
  expect(results.map((result) => result.status)).toEqual(events.map(() => 'applied'));
  return results.map((result) => result.package!.status);
}

/** Loads every package: Out for Delivery. */
export const loadAll = (driver: TestClient, codes: string[]) =>
  drive(
    driver,
    codes.map((code) => roadEvent('loaded', code)),
  );

/** One event of the driver app, as sent (with whatever fields its type has). */
export type RoadEvent = Record<string, unknown>;

/** Sends the events as one batch, whatever becomes of them. */
export const sendEvents = (client: TestClient, events: Record<string, unknown>[]): Promise<TestResponse> =>
  client.post('/api/driver/events', { events });

/**
 * Today's runs of drivers, made through the console's routes by `admin`: `onRun` puts new packages on a
 * driver's run (made on first use) and returns their codes; `runs` holds each run's codes in order, and
 * `setStopsOf` sets a run's stops to them.
 */
export function driverRuns(testApp: () => TestApp, admin: () => TestClient) {
  const runs = new Map<string, { id: string; codes: string[] }>();
  const setStopsOf = (run: { id: string; codes: string[] }) => setStops(admin(), run.id, run.codes);

  async function onRun(driverId: string, n: number): Promise<string[]> {
    let run = runs.get(driverId);
    if (!run) {
      run = { id: await runWith(admin(), driverId, []), codes: [] };
      runs.set(driverId, run);
    }
    const codes = await readyPackages(testApp(), n);
    run.codes.push(...codes);
    await setStopsOf(run);
    return codes;
  }

  return { runs, onRun, setStopsOf };
}

/** The locations of a package's updates, oldest first. */
export async function locationsOf(db: Database, trackingCode: string): Promise<string[]> {
  const rows = await db
    .select({ location: locationUpdates.location })
    .from(locationUpdates)
    .innerJoin(packages, eq(packages.id, locationUpdates.packageId))
    .where(eq(packages.trackingCode, trackingCode))
    .orderBy(locationUpdates.timestamp);
  return rows.map((row) => row.location);
}

/**
 * The moment `minutes` (at most 30) minutes ago, squeezed into today when that would be yesterday (a run
 * takes only its own day's events, and tests also run just after midnight); the order of moments is kept.
 */
export function minutesAgoToday(minutes: number, now = Date.now()): string {
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  const span = Math.min(30 * 60_000, now - midnight);
  return new Date(now - (Math.min(minutes, 30) / 30) * span).toISOString();
}
