import type { Database } from '../../db/client.ts';
import { insertOutboxMessages } from './outbox.repository.ts';
import type { OperatorLinkContent } from './templates/operator-link-template.ts';

export const OPERATOR_INVITATION_KIND = 'operator-invitation';
export const PASSWORD_RESET_KIND = 'password-reset';
const OPERATOR_LINK_KINDS = new Set([OPERATOR_INVITATION_KIND, PASSWORD_RESET_KIND]);

/**
 * Queues an operator's invitation or reset link. Call it inside the transaction that stores the
 * link's token: the e-mail exists exactly when the token does. `linkId` (the token row's id) makes the
 * event key, so each link is sent once.
 */
export async function enqueueOperatorLink(
  db: Database,
  message: { to: string; linkId: string; content: OperatorLinkContent },
): Promise<number> {
  const kind = message.content.purpose === 'invite' ? OPERATOR_INVITATION_KIND : PASSWORD_RESET_KIND;
  return insertOutboxMessages(db, [
    {
      kind,
      shipmentId: null,
      eventKey: `${message.content.purpose}:${message.linkId}`,
      to: message.to.trim().toLowerCase(),
      payload: message.content,
    },
  ]);
}

/**
 * The payload to keep once a message was sent: an operator's link is a credential until it is used
 * or expires, so it does not stay in the outbox after it has left. Undefined: keep the payload as it is.
 */
export function payloadAfterSending(row: { kind: string; payload: unknown }): unknown {
  if (!OPERATOR_LINK_KINDS.has(row.kind)) return undefined;
  return { ...(row.payload as OperatorLinkContent), link: '(sent)' };
}

export function isOperatorLinkKind(kind: string): boolean {
  return OPERATOR_LINK_KINDS.has(kind);
}
