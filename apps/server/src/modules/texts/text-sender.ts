import { TEXT_CODE_MS, textSendableAt, waitsOutQuietHours } from '@waybill/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type DurableJobs, type JobWorker, runJobPass, startJobWorker } from '../../jobs/durable-jobs.ts';
import { type TextProvider, TextSendError } from './text-provider.ts';
import { getTextRules } from './text-settings.service.ts';
import { blankCodeOf } from './text-subscriptions.repository.ts';
import {
  claimNextText,
  isOptedOut,
  markTextFailed,
  markTextRetry,
  markTextSent,
  settleInterruptedTexts,
  type TextRow,
} from './texts.repository.ts';

export interface TextSenderOptions {
  /** How often an idle sender looks for due texts. */
  intervalMs: number;
  /** Texts one pass sends at most (the next pass takes the rest). */
  batchSize: number;
  /** Wait after the first retryable failure; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * A text not sent this long after it was queued (its event) is dropped (and logged): its news is stale.
   * Quiet hours count: a retry they would push past it is dropped at once.
   */
  giveUpAfterMs: number;
  /**
   * A text `sending` for longer than this had its sender stop mid-call (a call lasts 15 s at most).
   * It is never sent again (see `settleInterruptedTexts`).
   */
  sendingTimeoutMs: number;
}

export const DEFAULT_TEXT_SENDER_OPTIONS: TextSenderOptions = {
  intervalMs: 3_000,
  batchSize: 20,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  sendingTimeoutMs: 10 * 60_000,
};

export interface TextSenderDeps {
  db: Database;
  provider: TextProvider;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface TextRun {
  sent: number;
  retrying: number;
  failed: number;
  interrupted: number;
}

/**
 * The text queue as durable jobs: a text is claimed one at a time and marked `sending` before its call;
 * STOP since it was queued fails it; a retry of a journey's text waits out quiet hours (HELP's answer and
 * a code, just asked for, do not) and is dropped past `giveUpAfterMs`; a code's text is dropped once its
 * code would have expired (`TEXT_CODE_MS`).
 */
function textJobs(deps: TextSenderDeps, options: TextSenderOptions): DurableJobs<TextRow> {
  const { db, provider, log } = deps;
  const details = (row: TextRow) => ({ textId: row.id, kind: row.kind, attempts: row.attempts });
  // A code's text past the code's life would bring a code that no longer works.
  const codePolicy = { ...options, giveUpAfterMs: Math.min(options.giveUpAfterMs, TEXT_CODE_MS) };
  return {
    policy: options,
    policyOf: (row) => (row.kind === 'updates_code' ? codePolicy : options),
    claim: async (now) => {
      const row = await claimNextText(db, now);
      return row ? [row] : [];
    },
    async attempt(row) {
      if (await isOptedOut(db, row.number)) {
        // STOP arrived after the text was queued.
        await markTextFailed(db, row.id, 'opted_out');
        return 'failed';
      }
      const accepted = await provider.send({
        to: row.number,
        body: row.body,
        channel: row.channel === 'whatsapp' ? 'whatsapp' : 'sms',
        idempotencyKey: row.id,
      });
      await markTextSent(db, row.id, accepted.providerId, accepted.state, accepted.errorCode ?? null);
      return accepted.state === 'sent' ? 'done' : 'failed';
    },
    failureOf(error) {
      const failure =
        error instanceof TextSendError ? error : new TextSendError(true, 'error', String((error as Error)?.message));
      return { retryable: failure.retryable, reason: failure.code, detail: failure.message };
    },
    notBefore: async (row, backoff) =>
      waitsOutQuietHours(row.kind) ? textSendableAt(backoff, (await getTextRules(db)).quiet) : backoff,
    async reschedule(row, retryAt, failure) {
      await markTextRetry(db, row.id, retryAt, failure.reason);
      log?.warn({ ...details(row), code: failure.reason, reason: failure.detail, retryAt }, 'text will be tried again');
    },
    async giveUp(row, failure, why) {
      const logged = { ...details(row), code: failure.reason, reason: failure.detail };
      if (why === 'refused') {
        await markTextFailed(db, row.id, failure.reason);
        log?.warn(logged, 'text refused by its provider');
        return;
      }
      await markTextFailed(db, row.id, `expired: ${failure.reason}`);
      if (row.kind === 'updates_code') log?.warn(logged, 'code text dropped: not sent before its code expired');
      else log?.error(logged, 'text dropped: not sent within 24 hours of its event');
    },
    async afterAttempt(row) {
      // A subscription's code was needed only for the call: it stays in the hashed form alone.
      if (row.kind === 'updates_code') await blankCodeOf(db, row.id);
    },
  };
}

/**
 * One pass: texts left `sending` by a stopped sender are settled (never resent), then up to a batch of
 * due texts is sent, one at a time, each marked `sending` before its call (see `claimNextText`).
 */
export async function processTexts(
  deps: TextSenderDeps,
  options: TextSenderOptions = DEFAULT_TEXT_SENDER_OPTIONS,
  now: Date = new Date(),
): Promise<TextRun> {
  const interrupted = await settleInterruptedTexts(deps.db, new Date(now.getTime() - options.sendingTimeoutMs));
  for (const { id } of interrupted) {
    deps.log?.error({ textId: id }, 'text left mid-send by a stopped server: not sent again, marked failed');
  }
  const run = await runJobPass(textJobs(deps, options), { claimSize: 1, perPass: options.batchSize }, now);
  return { sent: run.done, retrying: run.retrying, failed: run.failed, interrupted: interrupted.length };
}

export type TextSender = JobWorker<TextRun>;

/** Polls for due texts until stopped; every server process may run one. */
export function startTextSender(deps: TextSenderDeps, overrides: Partial<TextSenderOptions> = {}): TextSender {
  const options = { ...DEFAULT_TEXT_SENDER_OPTIONS, ...overrides };
  return startJobWorker((now) => processTexts(deps, options, now), {
    intervalMs: options.intervalMs,
    onError: (error) => deps.log?.error({ err: error }, 'text sender pass failed'),
  });
}
