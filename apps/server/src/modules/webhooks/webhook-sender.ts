import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/client.ts';
import { attemptJob, type DurableJobs, type JobRun, type JobWorker, startJobWorker } from '../../jobs/durable-jobs.ts';
import { accountOwners } from '../accounts/accounts.service.ts';
import { recordAudit, SYSTEM } from '../audit/audit.service.ts';
import { enqueueWebhookDisabled } from '../mail/index.ts';
import { postWebhook, WebhookCallError } from './webhook-call.ts';
import type { TargetRules } from './webhook-targets.ts';
import { type ClaimedDelivery, claimNextDelivery, disableEndpoint, settleDelivery } from './webhooks.repository.ts';
import { messageIdOf } from './webhooks.service.ts';

/** Waits after each failed call: about 5 s, 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, then the endpoint is turned off. */
export const WEBHOOK_RETRY_SCHEDULE_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000];

export interface WebhookSenderOptions {
  /** How often an idle sender looks for due deliveries. */
  intervalMs: number;
  /** Calls in flight at once in a process, each to a different endpoint (one at a time per endpoint). */
  concurrency: number;
  /** A call not answered in this time failed. */
  timeoutMs: number;
  /** The wait after the 1st, 2nd, … failed call; after the last one the delivery is given up. */
  retryScheduleMs: number[];
}

export const DEFAULT_WEBHOOK_SENDER_OPTIONS: WebhookSenderOptions = {
  intervalMs: 1_000,
  concurrency: 4,
  timeoutMs: 10_000,
  retryScheduleMs: WEBHOOK_RETRY_SCHEDULE_MS,
};

export interface WebhookSenderDeps {
  db: Database;
  rules: TargetRules;
  /** The portal's page of webhooks, for the e-mail of an endpoint turned off. */
  portalUrl: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** A claimed delivery, and the status its last call was answered with, if any. */
type Job = ClaimedDelivery & { answered?: number | null };

/**
 * The headers of a call, as the Standard Webhooks spec says: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` (`v1,<base64 HMAC-SHA256>`), with a second signature by the previous secret while
 * it still overlaps the new one.
 */
export function signedHeaders(delivery: ClaimedDelivery, body: string, now: Date): Record<string, string> {
  const id = messageIdOf(delivery.eventId);
  const secrets = [delivery.secret];
  if (delivery.previousSecret && delivery.previousSecretExpiresAt && delivery.previousSecretExpiresAt > now) {
    secrets.push(delivery.previousSecret);
  }
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, now, body));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

function webhookJobs(deps: WebhookSenderDeps, options: WebhookSenderOptions): DurableJobs<Job> {
  const { db, log } = deps;
  const details = (job: Job) => ({ deliveryId: job.id, endpointId: job.endpointId, attempts: job.attempts });
  return {
    // The backoff is the schedule's (see `notBefore`): the loop's own doubling is set to nothing.
    policy: { baseDelayMs: 0, maxDelayMs: 0, maxAttempts: options.retryScheduleMs.length + 1 },
    claim: async () => [],
    async attempt(job) {
      const now = new Date();
      const body = JSON.stringify(job.payload);
      try {
        const status = await postWebhook({
          url: job.url,
          headers: signedHeaders(job, body, now),
          body,
          timeoutMs: options.timeoutMs,
          rules: deps.rules,
        });
        await settleDelivery(db, job, {
          status: 'succeeded',
          responseStatus: status,
          lastError: null,
          deliveredAt: new Date(),
        });
        return 'done';
      } catch (error) {
        job.answered = error instanceof WebhookCallError ? error.status : null;
        throw error;
      }
    },
    failureOf: (error) => ({ retryable: true, reason: String((error as Error)?.message ?? error) }),
    // The delay counts from the failure (an endpoint may take seconds to answer 500), or from the pass's
    // clock when that runs ahead of this one.
    notBefore: (job, backoff) =>
      new Date(
        Math.max(backoff.getTime(), Date.now()) +
          (options.retryScheduleMs[job.attempts - 1] ?? options.retryScheduleMs.at(-1)!),
      ),
    async reschedule(job, retryAt, failure) {
      await settleDelivery(db, job, {
        nextAttemptAt: retryAt,
        responseStatus: job.answered ?? null,
        lastError: failure.reason,
      });
      log?.warn({ ...details(job), reason: failure.reason, retryAt }, 'webhook call failed; it will be tried again');
    },
    async giveUp(job, failure) {
      const now = new Date();
      await db.transaction(async (tx) => {
        await settleDelivery(tx, job, {
          status: 'failed',
          responseStatus: job.answered ?? null,
          lastError: failure.reason,
        });
        if (!(await disableEndpoint(tx, job.endpointId, `Calls failed for a day (last: ${failure.reason})`, now)))
          return;
        await recordAudit(tx, {
          actor: SYSTEM,
          action: 'account.webhook_disabled',
          target: { type: 'webhook', id: job.endpointId },
          after: { account: job.accountId, url: job.url, reason: failure.reason },
        });
        const owners = await accountOwners(tx, job.accountId);
        await enqueueWebhookDisabled(tx, {
          to: owners.emails,
          key: `webhook-disabled:${job.endpointId}:${now.toISOString()}`,
          content: { company: owners.company, url: job.url, reason: failure.reason, link: deps.portalUrl },
        });
      });
      log?.error({ ...details(job), reason: failure.reason }, 'webhook delivery given up; its endpoint is turned off');
    },
  };
}

/**
 * One pass: up to `concurrency` lanes (one while there is nothing to do, another each time one finds
 * work), each claiming a due delivery (of an endpoint with no call in flight), calling it and settling
 * it, until none is due. A lane with nothing to claim waits while another is
 * still calling (a slow endpoint's call holds only its own lane; work for other endpoints that comes
 * meanwhile is taken), and the pass ends when every lane is idle or the sender stops.
 */
export async function processWebhooks(
  deps: WebhookSenderDeps,
  options: WebhookSenderOptions = DEFAULT_WEBHOOK_SENDER_OPTIONS,
  stopping: () => boolean = () => false,
): Promise<JobRun> {
  const jobs = webhookJobs(deps, options);
  const run: JobRun = { done: 0, retrying: 0, failed: 0 };
  let busy = 0;
  const lanes: Promise<void>[] = [];
  const lane = async () => {
    while (!stopping()) {
      const now = new Date();
      const job = await claimNextDelivery(deps.db, now, new Date(now.getTime() + options.timeoutMs + 30_000));
      if (job) {
        // Work found: another lane, up to `concurrency`, looks for more while this one calls.
        if (lanes.length < options.concurrency) lanes.push(lane());
        busy += 1;
        try {
          await attemptJob(jobs, job, new Date(), run);
        } finally {
          busy -= 1;
        }
        continue;
      }
      if (busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(options.intervalMs, 200)).unref());
    }
  };
  lanes.push(lane());
  for (let index = 0; index < lanes.length; index += 1) await lanes[index];
  return run;
}

export type WebhookSender = JobWorker<JobRun>;

/** Polls for due deliveries until stopped; every server process may run one. */
export function startWebhookSender(
  deps: WebhookSenderDeps,
  overrides: Partial<WebhookSenderOptions> = {},
): WebhookSender {
  const options = { ...DEFAULT_WEBHOOK_SENDER_OPTIONS, ...overrides };
  let stopped = false;
  const worker = startJobWorker(() => processWebhooks(deps, options, () => stopped), {
    intervalMs: options.intervalMs,
    onError: (error) => deps.log?.error({ err: error }, 'webhook sender pass failed'),
  });
  return {
    runOnce: worker.runOnce,
    async stop() {
      stopped = true;
      await worker.stop();
    },
  };
}
