// Vitest global setup of the server project: the migrated PGlite template every test file copies is
// built here, once and with no time limit. Built inside a test file's hook instead, its creation (tens
// of seconds on a busy machine, more when two files race to build it) could outlast the hook timeout.
import { pgliteTemplate } from './test-databases.ts';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
