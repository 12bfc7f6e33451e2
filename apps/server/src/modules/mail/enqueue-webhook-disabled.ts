import type { Database } from '../../db/client.ts';
import { insertOutboxMessages } from './outbox.repository.ts';
import type { WebhookDisabledContent } from './templates/webhook-disabled-template.ts';

export const WEBHOOK_DISABLED_KIND = 'webhook-disabled';

/**
 * Queues, to each owner of an account, the e-mail saying a webhook endpoint was turned off. Call it in
 * the transaction that turns the endpoint off; `key` (the endpoint and when it was turned off) makes it
 * one e-mail per owner each time.
 */
export async function enqueueWebhookDisabled(
  db: Database,
  message: { to: string[]; key: string; content: WebhookDisabledContent },
): Promise<number> {
  return insertOutboxMessages(
    db,
    message.to.map((to) => ({
      kind: WEBHOOK_DISABLED_KIND,
      packageId: null,
      eventKey: message.key,
      to: to.trim().toLowerCase(),
      payload: message.content,
    })),
  );
}
