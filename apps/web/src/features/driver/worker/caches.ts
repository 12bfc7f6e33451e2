// The names the driver app's service worker and its page share.

/** The service worker's script, at the root of the site (so its scope may be any path under it). */
export const DRIVER_WORKER_URL = '/driver-sw.js';
/** The driver app's answers (its run, the reasons, the session), kept for when the phone is offline. */
export const DRIVER_API_CACHE = 'waybill-driver-api';
/** The console's scripts and styles the app loads besides those precached. */
export const DRIVER_ASSET_CACHE = 'waybill-driver-assets';
/** The GET routes the worker answers from its cache when the network does not answer. */
export const CACHED_API_PATHS = ['/api/auth/session', '/api/driver/run', '/api/driver/settings'];
/** The web manifest of the app, under the console's path (its start and scope are the app's address). */
export const DRIVER_MANIFEST_NAME = 'driver.webmanifest';
