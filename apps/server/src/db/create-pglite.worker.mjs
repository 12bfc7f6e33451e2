// Creates an empty embedded database (PGlite's initdb) in `workerData.dataDir`, then exits. It runs as
// a worker thread (see createPglite in client.ts), in plain JavaScript because a worker thread does not
// inherit the TypeScript loader the server runs under.
import { workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const client = await PGlite.create({ dataDir: workerData.dataDir });
await client.close();
