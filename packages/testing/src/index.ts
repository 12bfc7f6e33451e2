// Test support shared by the server's tests, the browser tests and the benchmarks.
/** @internal Tests only (the tag tells the unused-code check). */
export { findFreePort } from './free-port.ts';
export { type NodeProcess, startNodeProcess } from './node-process.ts';
export { startWaybillServer } from './waybill-server.ts';
