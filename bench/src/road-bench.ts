// The road: a day of 2,000 packages that can go out and 20 drivers with a run each (one of 120 stops),
// on PGlite and on PostgreSQL when reachable. Dispatch opening and the outbox sent on slow 4G on both;
// the driver app's Lighthouse audit, first-load JavaScript and stop opening (the browser's work, the
// same whatever the database) on PGlite. Runs with --full or --only road.
import type { DataStore } from './lib/server-process.ts';
import { printTable, type Row } from './lib/table.ts';
import { launchChromium } from './road-browser.ts';
import { closeRoadDay, DRIVERS, openRoadDay, ROAD_STOPS } from './road-day.ts';
import { DISPATCH_GOAL_MS, measureDispatch } from './road-dispatch.ts';
import { auditDriverApp, DRIVER_GOALS, measureDriverPage } from './road-driver.ts';
import { measureSync, SYNC_GOAL_S } from './road-sync.ts';

export interface RoadOptions {
  postgres: boolean;
  /** Only Dispatch on each database (`--only road-dispatch`): no driver app, no outbox. */
  dispatchOnly?: boolean;
  /** Only the outbox on each database (`--only road-sync`): no Dispatch, no driver app. */
  syncOnly?: boolean;
  /** Only the driver app's page, on PGlite (`--only road-driver`): no Dispatch, no outbox. */
  driverOnly?: boolean;
}

export async function runRoadBench(options: RoadOptions): Promise<Row[]> {
  const dispatch: Row[] = [];
  const driver: Row[] = [];
  const sync: Row[] = [];
  const days: Row[] = [];
  // The driver app's page is the browser's work, the same whatever the database: measured on PGlite.
  const kinds: DataStore['kind'][] = options.postgres && !options.driverOnly ? ['pglite', 'postgres'] : ['pglite'];
  const browser = await launchChromium();
  try {
    for (const kind of kinds) {
      const day = await openRoadDay(kind);
      days.push({
        database: kind,
        'can go out': day.eligible,
        'on no run': day.unassigned,
        'road run stops': day.roadCodes.length,
        'prepared in s': Math.round(day.preparedSeconds),
      });
      console.log(`Road day on ${kind}: ${day.eligible} packages can go out, ${day.unassigned} on no run.`);
      try {
        if (!options.syncOnly && !options.driverOnly) dispatch.push(...(await measureDispatch(browser, day)));
        if (options.dispatchOnly) continue;
        if (kind === 'pglite' && !options.syncOnly) {
          driver.push(await auditDriverApp(day));
          driver.push(...(await measureDriverPage(browser, day)));
        }
        if (options.driverOnly) continue;
        sync.push(await measureSync(browser, day, { first: 0, photos: 'phone' }));
        // The same actions with the photos as the phone shrank them before (other stops).
        if (kind === 'pglite') sync.push(await measureSync(browser, day, { first: 60, photos: 'before' }));
      } finally {
        await closeRoadDay(day);
      }
    }
  } finally {
    await browser.close();
    // What was measured is shown even when a later step failed.
    printTable(`Road day: ${DRIVERS} drivers, a run each, one of ${ROAD_STOPS} stops`, days);
    printTable(
      `Dispatch for the day: its reads over HTTP, the page from navigation (goal < ${DISPATCH_GOAL_MS} ms)`,
      dispatch,
    );
    printTable(
      `Driver app, run of ${ROAD_STOPS} stops: Lighthouse mobile (median of 3, goal ≥ ${DRIVER_GOALS.performance}), first-load JS (goal ≤ ${DRIVER_GOALS.jsKb} KB gzip), next stop painted (goal < ${DRIVER_GOALS.openMs} ms at 4×)`,
      driver,
    );
    printTable(`Outbox sent on slow 4G (150 ms, 1.6 Mbps down, 750 Kbps up; goal < ${SYNC_GOAL_S} s)`, sync);
  }
  return [
    ...days.map((row) => ({ table: 'day', ...row })),
    ...dispatch.map((row) => ({ table: 'dispatch', ...row })),
    ...driver.map((row) => ({ table: 'driver app', ...row })),
    ...sync.map((row) => ({ table: 'sync', ...row })),
  ];
}
