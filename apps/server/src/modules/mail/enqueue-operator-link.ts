import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountMemberTokens, operatorTokens } from '../../db/schema/index.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import { insertOutboxMessages, type OutboxRow } from './outbox.repository.ts';
import type { RenderedEmail } from './templates/index.ts';
import type { MailContext } from './templates/layout.ts';
import {
  type AccountLinkContent,
  type OperatorLinkContent,
  renderAccountLinkEmail,
  renderOperatorLinkEmail,
} from './templates/operator-link-template.ts';

export const OPERATOR_INVITATION_KIND = 'operator-invitation';
export const PASSWORD_RESET_KIND = 'password-reset';
/** A business customer's link to set a password: the owner's on approval, or a colleague's invitation. */
export const ACCOUNT_INVITATION_KIND = 'account-invitation';
const OPERATOR_LINK_KINDS = new Set([OPERATOR_INVITATION_KIND, PASSWORD_RESET_KIND, ACCOUNT_INVITATION_KIND]);

/**
 * What the outbox keeps of an operator's link: the message without its link, the link's row (to send
 * it only while it can still be used) and the link sealed with a key kept out of the database
 * (`SubscriptionKeys.sealLink`), opened only to send it. `link` is there only in rows queued before
 * links were sealed, until the start-up pass seals them (`sealQueuedLinks`).
 */
export type QueuedOperatorLink = (Omit<OperatorLinkContent, 'link'> | Omit<AccountLinkContent, 'link'>) & {
  linkId: string;
  linkSealed?: string;
  link?: string;
};

/**
 * Queues an operator's invitation or reset link. Call it inside the transaction that stores the
 * link's token: the e-mail exists exactly when the token does. `linkId` (the token row's id) makes the
 * event key, so each link is sent once.
 */
export async function enqueueOperatorLink(
  db: Database,
  keys: SubscriptionKeys,
  message: { to: string; linkId: string; content: OperatorLinkContent },
): Promise<number> {
  const { link, ...content } = message.content;
  const kind = content.purpose === 'invite' ? OPERATOR_INVITATION_KIND : PASSWORD_RESET_KIND;
  return queueLink(db, keys, kind, message.to, message.linkId, link, content);
}

/**
 * Queues a business customer's link to set a password, in the transaction that stores its token (as
 * operators' links: sealed at rest, sent once, only while usable).
 */
export async function enqueueAccountLink(
  db: Database,
  keys: SubscriptionKeys,
  message: { to: string; linkId: string; content: AccountLinkContent },
): Promise<number> {
  const { link, ...content } = message.content;
  return queueLink(db, keys, ACCOUNT_INVITATION_KIND, message.to, message.linkId, link, content);
}

async function queueLink(
  db: Database,
  keys: SubscriptionKeys,
  kind: string,
  to: string,
  linkId: string,
  link: string,
  content: Omit<OperatorLinkContent, 'link'> | Omit<AccountLinkContent, 'link'>,
): Promise<number> {
  const message = { to, linkId };
  return insertOutboxMessages(db, [
    {
      kind,
      packageId: null,
      eventKey: `${content.purpose}:${message.linkId}`,
      to: message.to.trim().toLowerCase(),
      payload: { ...content, linkId: message.linkId, linkSealed: keys.sealLink(link) } satisfies QueuedOperatorLink,
    },
  ]);
}

/** An operator's message ready to send, or why it is not sent (given up at once, never retried). */
type OperatorLinkMessage = { send: true; rendered: RenderedEmail } | { send: false; reason: string };

/**
 * Opens the link of an operator's outbox row and renders its message, while the link can still be
 * used: one deleted (the operator was deactivated or set a password another way), replaced by a
 * newer one, used or expired is not sent.
 */
export async function prepareOperatorLinkMessage(
  db: Database,
  keys: SubscriptionKeys | undefined,
  context: MailContext,
  row: Pick<OutboxRow, 'payload'>,
  now: Date,
): Promise<OperatorLinkMessage> {
  const { linkId, linkSealed, link: plain, ...content } = row.payload as QueuedOperatorLink;
  const table = 'company' in content ? accountMemberTokens : operatorTokens;
  if (linkId) {
    const [usable] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, linkId), isNull(table.usedAt), gt(table.expiresAt, now)))
      .limit(1);
    if (!usable) return { send: false, reason: 'the link was used, replaced or withdrawn before it was sent' };
  }
  let link = plain;
  if (linkSealed) {
    if (!keys) return { send: false, reason: 'no key to open the link' };
    link = keys.openLink(linkSealed);
  }
  if (!link || link === SENT) return { send: false, reason: 'the message holds no link' };
  const rendered =
    'company' in content
      ? renderAccountLinkEmail(context, { ...content, link })
      : renderOperatorLinkEmail(context, { ...content, link });
  return { send: true, rendered };
}

const SENT = '(sent)';

/**
 * The payload to keep once a message was sent: even sealed, an operator's link does not stay in the
 * outbox after it has left. Undefined: keep the payload as it is.
 */
export function payloadAfterSending(row: { kind: string; payload: unknown }): unknown {
  if (!OPERATOR_LINK_KINDS.has(row.kind)) return undefined;
  const { linkSealed: _sealed, ...kept } = row.payload as QueuedOperatorLink;
  return { ...kept, link: SENT };
}

export function isOperatorLinkKind(kind: string): boolean {
  return OPERATOR_LINK_KINDS.has(kind);
}
