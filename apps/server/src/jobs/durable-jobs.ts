// Durable jobs: work kept as rows of a table (an e-mail, a text, a webhook call) and done by whichever
// server process claims it. A row is claimed (its attempt counted and hidden from other processes),
// attempted, and then settled: done, failed for good, or put back with a backoff for another attempt,
// until its policy gives it up (too many attempts, or past its deadline). Nothing lives in a process's
// memory, so a stopped process loses nothing: its claimed rows come back by the claim's own rule
// (a lease that runs out) or are settled by the table's owner.

/** A claimed row: its attempt already counted (1 on the first), and when its work was asked for. */
export interface ClaimedJob {
  id: string;
  attempts: number;
  createdAt: Date;
}

/** How a table's jobs are retried. */
export interface RetryPolicy {
  /** Wait after the first failed attempt; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A job failed this many times is given up. */
  maxAttempts?: number;
  /** A job whose next attempt would come this long after its `createdAt` is given up: its news is stale. */
  giveUpAfterMs?: number;
}

/** When the attempt after `attempts` failures may happen (exponential backoff). */
export function backoffAfter(attempts: number, now: Date, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>) {
  const delay = Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
  return new Date(now.getTime() + delay);
}

/** Why a job was given up: its attempt refused for good, too many attempts, or past its deadline. */
export type GiveUpReason = 'refused' | 'attempts' | 'deadline';

/** What a failed attempt leads to: another at `retryAt`, or none. */
export type RetryPlan = { retryAt: Date } | { giveUp: Exclude<GiveUpReason, 'refused'> };

/**
 * The plan after a failed attempt of `job`: given up once it has had `maxAttempts`, else retried after
 * the backoff, moved by `notBefore` (quiet hours, say) and given up if that is past `giveUpAfterMs`.
 */
export async function planRetry(
  job: Pick<ClaimedJob, 'attempts' | 'createdAt'>,
  now: Date,
  policy: RetryPolicy,
  notBefore?: (backoff: Date) => Date | Promise<Date>,
): Promise<RetryPlan> {
  if (policy.maxAttempts !== undefined && job.attempts >= policy.maxAttempts) return { giveUp: 'attempts' };
  const backoff = backoffAfter(job.attempts, now, policy);
  const retryAt = notBefore ? await notBefore(backoff) : backoff;
  if (policy.giveUpAfterMs !== undefined && retryAt.getTime() - job.createdAt.getTime() > policy.giveUpAfterMs) {
    return { giveUp: 'deadline' };
  }
  return { retryAt };
}

/** Why an attempt failed: `retryable` when it may pass (a timeout, a busy server), and a short reason. */
export interface JobFailure {
  retryable: boolean;
  reason: string;
  /** A longer account, for the log. */
  detail?: string;
}

/** One table's jobs: how they are claimed, attempted and settled. */
export interface DurableJobs<Job extends ClaimedJob> {
  policy: RetryPolicy;
  /** A job's own policy when it differs from the table's (a text whose code expires sooner, say). */
  policyOf?(job: Job): RetryPolicy;
  /**
   * Claims up to `limit` rows due at `now`, each with its attempt counted, in one committed statement
   * before any work (`FOR UPDATE SKIP LOCKED`: two processes take different rows).
   */
  claim(now: Date, limit: number): Promise<Job[]>;
  /**
   * The work. Resolves `done`, or `failed` when it was settled for good without an error (the row's
   * own state decided it); throws when it failed, `failureOf` telling whether to try again.
   */
  attempt(job: Job, now: Date): Promise<'done' | 'failed'>;
  /** What a thrown error means. */
  failureOf(error: unknown): JobFailure;
  /** The earliest a retry may happen, given its backoff; the backoff itself when absent. */
  notBefore?(job: Job, backoff: Date): Date | Promise<Date>;
  /** Puts the row back, due at `retryAt`. */
  reschedule(job: Job, retryAt: Date, failure: JobFailure): Promise<void>;
  /** Settles the row as failed for good. */
  giveUp(job: Job, failure: JobFailure, why: GiveUpReason): Promise<void>;
  /** Runs after each attempt, whatever came of it (to drop what the attempt alone needed). */
  afterAttempt?(job: Job): Promise<void>;
}

/** What one pass did. */
export interface JobRun {
  done: number;
  retrying: number;
  failed: number;
}

/** How much a pass takes: `claimSize` rows a claim, and at most `perPass` in all (the next pass takes the rest). */
export interface PassSize {
  claimSize: number;
  perPass?: number;
}

/** Attempts one claimed job and settles it. */
export async function attemptJob<Job extends ClaimedJob>(jobs: DurableJobs<Job>, job: Job, now: Date, run: JobRun) {
  try {
    const outcome = await jobs.attempt(job, now);
    run[outcome] += 1;
  } catch (error) {
    const failure = jobs.failureOf(error);
    const plan: RetryPlan | { giveUp: 'refused' } = failure.retryable
      ? await planRetry(
          job,
          now,
          jobs.policyOf?.(job) ?? jobs.policy,
          jobs.notBefore && ((backoff) => jobs.notBefore!(job, backoff)),
        )
      : { giveUp: 'refused' };
    if ('retryAt' in plan) {
      await jobs.reschedule(job, plan.retryAt, failure);
      run.retrying += 1;
    } else {
      await jobs.giveUp(job, failure, plan.giveUp);
      run.failed += 1;
    }
  }
  await jobs.afterAttempt?.(job);
}

/** One pass: claims and attempts due jobs, one at a time, until none is due or `perPass` were taken. */
export async function runJobPass<Job extends ClaimedJob>(
  jobs: DurableJobs<Job>,
  size: PassSize,
  now: Date,
): Promise<JobRun> {
  const run: JobRun = { done: 0, retrying: 0, failed: 0 };
  const perPass = size.perPass ?? Number.POSITIVE_INFINITY;
  for (let taken = 0; taken < perPass; ) {
    const limit = Math.min(size.claimSize, perPass - taken);
    const claimed = await jobs.claim(now, limit);
    for (const job of claimed) await attemptJob(jobs, job, now, run);
    taken += claimed.length;
    if (claimed.length < limit) break;
  }
  return run;
}

export interface JobWorker<Run> {
  /** Runs one pass now (also what the timer does), after any pass in progress. */
  runOnce(now?: Date): Promise<Run>;
  /** Stops polling and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` every `intervalMs` (counted from the end of the previous one) until stopped; passes never
 * overlap within a process. A pass that throws is reported to `onError` and the polling goes on.
 */
export function startJobWorker<Run>(
  pass: (now: Date) => Promise<Run>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): JobWorker<Run> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const runOnce = (now?: Date) => {
    const next = current.then(() => pass(now ?? new Date()));
    current = next.catch(() => undefined);
    return next;
  };
  const schedule = () => {
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (error) {
        options.onError(error);
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
