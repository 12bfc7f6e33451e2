import { asc } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema/index.ts';
import type { OutboxRow } from '../../src/modules/mail/outbox.repository.ts';

/** Every message in the outbox, oldest first: what the tests inspect after a write that sends mail. */
export async function findOutboxMessages(db: Database): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.to));
}
