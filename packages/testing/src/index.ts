export { findFreePort } from './free-port.ts';
export { type NodeProcess, type NodeProcessOptions, startNodeProcess } from './node-process.ts';
export { SERVER_ENTRY, startWaybillServer, type WaybillServerOptions } from './waybill-server.ts';
