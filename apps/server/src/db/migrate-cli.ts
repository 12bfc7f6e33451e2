// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const handle = await openDatabase(config);
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
