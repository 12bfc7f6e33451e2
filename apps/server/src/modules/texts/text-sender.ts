import { textSendableAt } from '@waybill/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
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

/** When the attempt after `attempts` failures happens (exponential backoff). */
export function nextTextAttempt(attempts: number, now: Date, options: TextSenderOptions): Date {
  const delay = Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
  return new Date(now.getTime() + delay);
}

async function sendOne(deps: TextSenderDeps, row: TextRow, options: TextSenderOptions, run: TextRun, now: Date) {
  await sendOrRetry(deps, row, options, run, now);
  // A subscription's code was needed only for the call: it stays in the hashed form alone.
  if (row.kind === 'updates_code') await blankCodeOf(deps.db, row.id);
}

async function sendOrRetry(deps: TextSenderDeps, row: TextRow, options: TextSenderOptions, run: TextRun, now: Date) {
  const { db, provider, log } = deps;
  if (await isOptedOut(db, row.number)) {
    // STOP arrived after the text was queued.
    await markTextFailed(db, row.id, 'opted_out');
    run.failed += 1;
    return;
  }
  try {
    const accepted = await provider.send({
      to: row.number,
      body: row.body,
      channel: row.channel === 'whatsapp' ? 'whatsapp' : 'sms',
      idempotencyKey: row.id,
    });
    await markTextSent(db, row.id, accepted.providerId, accepted.state, accepted.errorCode ?? null);
    if (accepted.state === 'sent') run.sent += 1;
    else run.failed += 1;
  } catch (error) {
    const failure =
      error instanceof TextSendError ? error : new TextSendError(true, 'error', String((error as Error)?.message));
    const details = { textId: row.id, kind: row.kind, attempts: row.attempts, code: failure.code };
    if (!failure.retryable) {
      await markTextFailed(db, row.id, failure.code);
      run.failed += 1;
      log?.warn({ ...details, reason: failure.message }, 'text refused by its provider');
      return;
    }
    // A retry that falls in quiet hours waits for their end (HELP's answer, asked for, does not).
    const backoff = nextTextAttempt(row.attempts, now, options);
    const retryAt = row.kind === 'help' ? backoff : textSendableAt(backoff, (await getTextRules(db)).quiet);
    if (retryAt.getTime() - row.createdAt.getTime() > options.giveUpAfterMs) {
      await markTextFailed(db, row.id, `expired: ${failure.code}`);
      run.failed += 1;
      log?.error({ ...details, reason: failure.message }, 'text dropped: not sent within 24 hours of its event');
      return;
    }
    await markTextRetry(db, row.id, retryAt, failure.code);
    run.retrying += 1;
    log?.warn({ ...details, reason: failure.message, retryAt }, 'text will be tried again');
  }
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
  const run: TextRun = { sent: 0, retrying: 0, failed: 0, interrupted: 0 };
  const interrupted = await settleInterruptedTexts(deps.db, new Date(now.getTime() - options.sendingTimeoutMs));
  for (const { id } of interrupted) {
    deps.log?.error({ textId: id }, 'text left mid-send by a stopped server: not sent again, marked failed');
  }
  run.interrupted = interrupted.length;
  for (let taken = 0; taken < options.batchSize; taken += 1) {
    const row = await claimNextText(deps.db, now);
    if (!row) break;
    await sendOne(deps, row, options, run, now);
  }
  return run;
}

export interface TextSender {
  runOnce(now?: Date): Promise<TextRun>;
  stop(): Promise<void>;
}

/** Polls for due texts until stopped; every server process may run one. */
export function startTextSender(deps: TextSenderDeps, overrides: Partial<TextSenderOptions> = {}): TextSender {
  const options = { ...DEFAULT_TEXT_SENDER_OPTIONS, ...overrides };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const runOnce = (now?: Date) => {
    const pass = current.then(() => processTexts(deps, options, now ?? new Date()));
    current = pass.catch(() => undefined);
    return pass;
  };
  const schedule = () => {
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (error) {
        deps.log?.error({ err: error }, 'text sender pass failed');
      }
      if (!stopped) schedule();
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
