import { randomUUID } from 'node:crypto';
import { generateTrackingCode, localDay } from '@waybill/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { driverEvents, locationUpdates, packages } from '../../src/db/schema/index.ts';
import type { TestClient, TestResponse } from './http-client.ts';

/** One event as the driver app sends it, a minute old, with a new id. */
export type RoadEvent = Record<string, unknown>;

export const roadEvent = (type: string, trackingCode: string, extra: RoadEvent = {}): RoadEvent => ({
  id: randomUUID(),
  type,
  trackingCode,
  at: new Date(Date.now() - 60_000).toISOString(),
  ...extra,
});

export const sendEvents = (client: TestClient, events: RoadEvent[]): Promise<TestResponse> =>
  client.post('/api/driver/events', { events });

/** `n` accepted packages, written straight to the database (the console's accept is tested elsewhere). */
export async function acceptedPackages(db: Database, n: number): Promise<string[]> {
  if (n === 0) return [];
  const rows = Array.from({ length: n }, (_, index) => ({
    trackingCode: generateTrackingCode(),
    status: 'Order Placed',
    name: 'Ada Shipper',
    email: `ada.${index}@example.com`,
    phone: '+1 555 0100',
    pickupLocation: '12 Dock Street',
    receiverName: 'Grace Receiver',
    receiverEmail: `grace.${index}@example.org`,
    receiverPhone: '+44 20 7946 0000',
    destination: '1 Market Square',
    description: 'Books',
    quantity: 1,
    weight: 1,
    dimensionUnit: 'cm',
    length: 1,
    width: 1,
    height: 1,
  }));
  await db.insert(packages).values(rows);
  return rows.map((row) => row.trackingCode);
}

/**
 * Today's runs of drivers, made through the console's routes by `admin`: `onRun` puts new packages on a
 * driver's run (made on first use) and returns their codes; `runs` holds each run's codes in order.
 */
export function driverRuns(db: () => Database, admin: () => TestClient) {
  const runs = new Map<string, { id: string; codes: string[] }>();
  const today = localDay(new Date());

  async function setStops(run: { id: string; codes: string[] }): Promise<void> {
    const put = await admin().request('PUT', `/api/admin/runs/${run.id}/stops`, { json: { trackingCodes: run.codes } });
    if (put.status !== 200) throw new Error(`setting the stops failed: ${put.status} ${put.text}`);
  }

  async function onRun(driverId: string, n: number): Promise<string[]> {
    let run = runs.get(driverId);
    if (!run) {
      const created = await admin().post('/api/admin/runs', { driverId, date: today });
      if (created.status !== 201) throw new Error(`making the run failed: ${created.status} ${created.text}`);
      run = { id: created.body.id, codes: [] };
      runs.set(driverId, run);
    }
    const codes = await acceptedPackages(db(), n);
    run.codes.push(...codes);
    await setStops(run);
    return codes;
  }

  return { runs, onRun, setStops };
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

/** How many times each event id is stored (the primary key allows once: a check that reads it back). */
export async function storedEventIds(db: Database): Promise<string[]> {
  return (await db.select({ id: driverEvents.id }).from(driverEvents)).map((row) => row.id);
}
