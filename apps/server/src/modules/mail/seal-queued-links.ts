import { and, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { ACCOUNT_INVITATION_KIND, OPERATOR_INVITATION_KIND, PASSWORD_RESET_KIND } from './enqueue-operator-link.ts';
import { SUBSCRIPTION_CONFIRM_KIND } from './subscriber-mail.ts';

const LINK_KINDS = [OPERATOR_INVITATION_KIND, PASSWORD_RESET_KIND, ACCOUNT_INVITATION_KIND, SUBSCRIPTION_CONFIRM_KIND];
const SENT = '(sent)';

/**
 * Seals the links of messages queued (or given up) before queued links were sealed: their payload held
 * the whole link, a usable credential for anyone reading the table. Run at start, before the outbox
 * sends anything; a message given up loses its link, one still to be sent gets it sealed. Returns how
 * many rows it changed (none after the first start).
 */
export async function sealQueuedLinks(db: Database, keys: SubscriptionKeys): Promise<number> {
  const rows = await db
    .select({ id: mailOutbox.id, status: mailOutbox.status, payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.kind, LINK_KINDS),
        isNotNull(sql`${mailOutbox.payload}->>'link'`),
        ne(sql`${mailOutbox.payload}->>'link'`, SENT),
      ),
    );
  for (const row of rows) {
    const { link, ...payload } = row.payload as { link: string };
    const next =
      row.status === 'pending' ? { ...payload, linkSealed: keys.sealLink(link) } : { ...payload, link: SENT };
    await db.update(mailOutbox).set({ payload: next }).where(sql`${mailOutbox.id} = ${row.id}`);
  }
  return rows.length;
}
