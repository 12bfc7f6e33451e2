// One process handing package events to a recording consumer (CONSUMER), as a server process's
// dispatcher does, on the PostgreSQL of DATABASE_URL: the consumer writes each event it hears with this
// process's id into heard_events, in the transaction that marks the event handled. "ready" on stdout
// once it runs; SIGTERM stops it cleanly, SIGKILL wherever it is.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';
import { createEventDispatcher } from '../../src/modules/events/event-dispatcher.ts';

const name = process.env.CONSUMER ?? '';
const databaseUrl = process.env.DATABASE_URL ?? '';
if (!name || !databaseUrl) throw new Error('CONSUMER and DATABASE_URL are needed');

const database = await openDatabase({ databaseUrl, dataDir: '' });
const dispatcher = createEventDispatcher(
  {
    db: database.db,
    consumers: [
      {
        name,
        async handle(tx, event) {
          await tx.execute(
            sql`INSERT INTO heard_events (consumer, event_id, pid) VALUES (${name}, ${event.id}, ${process.pid})`,
          );
          // Long enough for a kill to land inside a batch's transaction.
          await tx.execute(sql`SELECT pg_sleep(0.002)`);
        },
      },
    ],
  },
  { intervalMs: 50, batchSize: 5 },
);
dispatcher.start();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void dispatcher
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
