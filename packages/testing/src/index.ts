// Test support shared by the server's tests, the browser tests and the benchmarks.

export { chromiumLaunchOptions, FULL_CHROMIUM, TEST_CHROMIUM } from './chromium.ts';
/** @internal Tests only (the tag tells the unused-code check). */
export { copyDatabaseDir } from './copy-database-dir.ts';
// What a page of the web build loads first: the benchmarks print it, a browser-suite test holds the
// driver app to its budget.
export {
  DRIVER_APP_JS_BUDGET_KB,
  driverAppFirstLoad,
  firstLoadFiles,
  type Manifest,
} from './first-load.ts';
export { findFreePort } from './free-port.ts';
export { type NodeProcess, startNodeProcess } from './node-process.ts';
export { startWaybillServer } from './waybill-server.ts';
