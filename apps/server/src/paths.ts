// Where the server finds the files it ships with. This module sits directly under apps/server/src, and
// the production bundle (apps/server/dist/*.mjs) inlines it one level under apps/server too, so
// `import.meta.url` leads to the same server folder whether it runs from TypeScript or from the build.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, in the repository and in a production install of the built tree. */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The committed SQL migrations, applied at start (the build ships them beside the bundle). */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** The built web app's default location (WEB_DIST_DIR overrides it). */
export const DEFAULT_WEB_DIST_DIR = path.join(SERVER_ROOT, '../web/dist');
