import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type DurableJobs, type JobWorker, runJobPass, startJobWorker } from '../../jobs/durable-jobs.ts';
import type { SubscriptionKeys } from '../../plugins/subscription-keys/keys.ts';
import type { ImageStorage } from '../../storage/image-storage.ts';
import { deliveryProofMail } from './delivery-proof-mail.ts';
import { isOperatorLinkKind, payloadAfterSending, prepareOperatorLinkMessage } from './enqueue-operator-link.ts';
import { STATUS_NOTIFICATION_KIND } from './enqueue-status-notification.ts';
import { SUBMISSION_RECEIPT_KIND } from './enqueue-submission-receipt.ts';
import { WEBHOOK_DISABLED_KIND } from './enqueue-webhook-disabled.ts';
import { MailDeliveryError, type Mailer } from './mailer.ts';
import { claimDueMessages, markMessageFailed, markMessageSent, type OutboxRow } from './outbox.repository.ts';
import { sendAndLog } from './send-email.service.ts';
import { isSubscriberKind, prepareSubscriberMessage, subscriberPayloadAfterSending } from './subscriber-mail.ts';
import {
  type MailContext,
  mailContextOf,
  type NotificationContent,
  type ReceiptContent,
  type RenderedEmail,
  renderNotificationEmail,
  renderReceiptEmail,
  renderWebhookDisabledEmail,
  type WebhookDisabledContent,
} from './templates/index.ts';
import { type DeliveryProofContent, ratingUrl } from './templates/notification-template.ts';

export interface OutboxOptions {
  /** How often an idle worker looks for due messages. */
  intervalMs: number;
  batchSize: number;
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed message is reserved for its sender before another may retry it. */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  intervalMs: 3_000,
  batchSize: 20,
  maxAttempts: 8,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

/**
 * Makes the single-use rating link of a delivery e-mail as it is written (the ratings module's, given by
 * the app: mail knows no other module's tables), or undefined when the package can no longer be rated.
 */
export type RatingLinkIssuer = (
  db: Database,
  packageId: string,
  party: 'recipient' | 'shipper',
  now: Date,
) => Promise<string | undefined>;

export interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  context: MailContext;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Where a proof of delivery's images are read for the shipper's delivery e-mail. */
  storage?: ImageStorage;
  /**
   * Opens the sealed addresses of tracking e-mail updates and the sealed links of the outbox; without
   * it their messages are given up.
   */
  subscriptionKeys?: SubscriptionKeys;
  /** Without it, delivery e-mails go without a rating link. */
  issueRatingLink?: RatingLinkIssuer;
}

export interface OutboxRun {
  sent: number;
  retrying: number;
  failed: number;
}

/** The message of an outbox row and its mail-log template: a receipt or a status notification. */
export function renderOutboxMessage(
  context: MailContext,
  row: Pick<OutboxRow, 'kind' | 'payload'>,
  proof?: DeliveryProofContent,
  rateLink?: string,
) {
  const message: { rendered: RenderedEmail; template: string } =
    row.kind === SUBMISSION_RECEIPT_KIND
      ? { rendered: renderReceiptEmail(context, row.payload as ReceiptContent), template: 'receipt' }
      : row.kind === WEBHOOK_DISABLED_KIND
        ? {
            rendered: renderWebhookDisabledEmail(context, row.payload as WebhookDisabledContent),
            template: WEBHOOK_DISABLED_KIND,
          }
        : {
            rendered: renderNotificationEmail(context, row.payload as NotificationContent, proof, rateLink),
            template: 'notification',
          };
  return message;
}

/**
 * The outbox as durable jobs: messages are claimed a batch at a time under a lease, so one whose sender
 * died mid-way is taken again after it; a failure is retried until `maxAttempts`.
 */
function outboxJobs(deps: OutboxDeps, options: OutboxOptions): DurableJobs<OutboxRow> {
  return {
    policy: options,
    claim: (now, limit) => claimDueMessages(deps.db, now, limit, new Date(now.getTime() + options.leaseMs)),
    attempt: (row, now) => deliver(deps, row, now),
    failureOf: (error) => ({
      retryable: true,
      reason: error instanceof MailDeliveryError ? error.reason : String((error as Error)?.message ?? error),
    }),
    async reschedule(row, retryAt, { reason }) {
      await markMessageFailed(deps.db, row.id, reason, retryAt);
      deps.log?.warn(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, reason },
        'queued e-mail will be retried',
      );
    },
    async giveUp(row, { reason }) {
      // Given up: a link it carried, sealed or not, does not stay behind.
      await markMessageFailed(deps.db, row.id, reason, undefined, linkDroppedFrom(row));
      deps.log?.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, reason }, 'queued e-mail given up');
    },
  };
}

async function deliver(deps: OutboxDeps, row: OutboxRow, now: Date): Promise<'done' | 'failed'> {
  if (isSubscriberKind(row.kind)) {
    const message = await prepareSubscriberMessage(deps.db, deps.subscriptionKeys, deps.context, row);
    if (!message.send) {
      // Not a failure to retry: the subscriber's state decided it (unsubscribed, a newer link).
      await markMessageFailed(deps.db, row.id, message.reason, undefined, subscriberPayloadAfterSending(row));
      return 'failed';
    }
    const { to, rendered, headers, loggedAs } = message;
    await sendAndLog(deps, { to, ...rendered, ...(headers ? { headers } : {}) }, row.kind, undefined, loggedAs);
    await markMessageSent(deps.db, row.id, new Date(), subscriberPayloadAfterSending(row));
  } else if (isOperatorLinkKind(row.kind)) {
    const message = await prepareOperatorLinkMessage(deps.db, deps.subscriptionKeys, deps.context, row, now);
    if (!message.send) {
      await markMessageFailed(deps.db, row.id, message.reason, undefined, payloadAfterSending(row));
      return 'failed';
    }
    await sendAndLog(deps, { to: row.to, ...message.rendered }, row.kind);
    await markMessageSent(deps.db, row.id, new Date(), payloadAfterSending(row));
  } else {
    const proofMail = row.kind === STATUS_NOTIFICATION_KIND ? await deliveryProofMail(deps, row) : undefined;
    const rateLink = await rateLinkOf(deps, row, now);
    const { rendered, template } = renderOutboxMessage(deps.context, row, proofMail?.proof, rateLink);
    const attachments = proofMail?.attachments.length ? { attachments: proofMail.attachments } : {};
    await sendAndLog(deps, { to: row.to, ...rendered, ...attachments }, template);
    await markMessageSent(deps.db, row.id, new Date());
  }
  return 'done';
}

/**
 * The rating link of a delivery e-mail, made now, as it is written: its token is in the message alone,
 * its hash in the database, nothing of it in the outbox. A message written again (a retry) makes a new
 * one, the earlier never sent. None once the package was rated or its rating window closed.
 */
async function rateLinkOf(deps: OutboxDeps, row: OutboxRow, now: Date): Promise<string | undefined> {
  const content = row.payload as NotificationContent;
  if (row.kind !== STATUS_NOTIFICATION_KIND || !content.rate || !row.packageId || !deps.issueRatingLink) {
    return undefined;
  }
  const token = await deps.issueRatingLink(deps.db, row.packageId, content.rate, now);
  return token && ratingUrl(deps.context, content.trackingCode, token);
}

/** The payload of a row with its link dropped (an operator's or a confirmation's), else undefined. */
function linkDroppedFrom(row: OutboxRow): unknown {
  return payloadAfterSending(row) ?? subscriberPayloadAfterSending(row);
}

/** Sends every message due at `now`, batch after batch, and schedules retries for the failures. */
export async function processOutbox(
  deps: OutboxDeps,
  options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
  now: Date = new Date(),
): Promise<OutboxRun> {
  const run = await runJobPass(outboxJobs(deps, options), { claimSize: options.batchSize }, now);
  return { sent: run.done, retrying: run.retrying, failed: run.failed };
}

export type OutboxWorker = JobWorker<OutboxRun>;

/**
 * Polls the outbox and sends due notifications until stopped. Every server process may run one: the
 * database hands each message to one of them, and nothing is lost when a process stops.
 */
export function startOutboxWorker(
  app: Pick<FastifyInstance, 'db' | 'config' | 'log'> & {
    mailer: Mailer;
    subscriptionKeys?: SubscriptionKeys;
    storage?: ImageStorage;
  },
  overrides: Partial<OutboxOptions> = {},
  issueRatingLink?: RatingLinkIssuer,
): OutboxWorker {
  const options = { ...DEFAULT_OUTBOX_OPTIONS, ...overrides };
  const deps: OutboxDeps = {
    issueRatingLink,
    db: app.db,
    mailer: app.mailer,
    context: mailContextOf(app.config),
    log: app.log,
    storage: app.storage,
    subscriptionKeys: app.subscriptionKeys,
  };
  return startJobWorker((now) => processOutbox(deps, options, now), {
    intervalMs: options.intervalMs,
    onError: (error) => app.log.error({ err: error }, 'mail outbox pass failed'),
  });
}
