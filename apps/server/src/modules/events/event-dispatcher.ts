import type { Database } from '../../db/client.ts';
import { yieldToEventLoop } from '../../event-loop.ts';
import { claimDueDeliveries, markAttemptFailed, markHandled } from './events.repository.ts';
import type { PackageEvent } from './package-event.ts';

/**
 * Something that hears package events: a channel to the outside (e-mail, later texts and webhooks).
 * `handle` runs in the transaction that marks the event handled for this consumer, so what it writes
 * exists exactly when the event counts as handled: once, across restarts and processes. It writes
 * rows (a message to send, a request to make) and leaves the sending to its own worker; it never waits
 * on the network, as the transaction holds the event while it runs. An error leaves the event to a
 * later attempt, and what the attempt wrote is undone.
 */
export interface EventConsumer {
  /** Unique and stable: the deliveries of its events are stored under it. */
  name: string;
  handle(tx: Database, event: PackageEvent): Promise<void>;
  /**
   * True for an event `handle` would do nothing with, told from the event and the business account of
   * its package when it was claimed (`accountId`: null for none, or a package no longer there): it is
   * marked handled without a call, so without the reads and the savepoint a call costs.
   */
  skips?(event: PackageEvent, accountId: string | null): boolean;
}

export interface DispatcherOptions {
  /** How often an idle dispatcher looks for due events (a change in any process also wakes it). */
  intervalMs: number;
  batchSize: number;
  /** Attempts before an event is given up for a consumer. */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  intervalMs: 5_000,
  batchSize: 50,
  maxAttempts: 10,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60_000,
};

export interface DispatchRun {
  handled: number;
  retrying: number;
  failed: number;
}

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function retryAfter(attempts: number, now: Date, options: DispatcherOptions): Date {
  const delay = Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
  return new Date(now.getTime() + delay);
}

/** One batch of one consumer's due events, in one transaction; the number of events it took. */
async function dispatchBatch(
  db: Database,
  consumer: EventConsumer,
  options: DispatcherOptions,
  run: DispatchRun,
  now: Date,
  log?: Log,
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimDueDeliveries(tx, consumer.name, now, options.batchSize);
    /** Marked handled together, in one statement, once the batch is through. */
    const handled: number[] = [];
    for (const { attempts, event, accountId } of claimed) {
      if (consumer.skips?.(event, accountId)) {
        handled.push(event.id);
        continue;
      }
      // The embedded database settles each query as a promise, so a pass would otherwise hold the event
      // loop until it ends: every answer already made (a batch of driver events) waiting behind it.
      await yieldToEventLoop();
      try {
        // A savepoint: a failing handler's writes are undone, the batch's other events are not.
        await tx.transaction((savepoint) => consumer.handle(savepoint, event));
        handled.push(event.id);
      } catch (error) {
        const reason = String((error as Error)?.message ?? error);
        const tried = attempts + 1;
        const details = { consumer: consumer.name, eventId: event.id, type: event.type, attempts: tried, reason };
        if (tried >= options.maxAttempts) {
          await markAttemptFailed(tx, consumer.name, event.id, reason, undefined);
          run.failed += 1;
          log?.error(details, 'package event given up by its consumer');
        } else {
          await markAttemptFailed(tx, consumer.name, event.id, reason, retryAfter(tried, now, options));
          run.retrying += 1;
          log?.warn(details, 'package event will be handed to its consumer again');
        }
      }
    }
    await markHandled(tx, consumer.name, handled, new Date());
    run.handled += handled.length;
    return claimed.length;
  });
}

/** Hands every due event to every consumer, batch after batch. */
export async function dispatchEvents(
  db: Database,
  consumers: readonly EventConsumer[],
  options: DispatcherOptions = DEFAULT_DISPATCHER_OPTIONS,
  now: Date = new Date(),
  log?: Log,
): Promise<DispatchRun> {
  const run: DispatchRun = { handled: 0, retrying: 0, failed: 0 };
  for (const consumer of consumers) {
    while ((await dispatchBatch(db, consumer, options, run, now, log)) === options.batchSize) {
      // A full batch: there may be more.
    }
  }
  return run;
}

export interface EventDispatcher {
  /** A pass now, after the one in progress (also what a wake-up and the timer do). */
  runOnce(now?: Date): Promise<DispatchRun>;
  /** Asks for a pass soon: calls before it starts make that one pass. */
  wake(): void;
  /** Whether a pass runs or waits to. */
  busy(): boolean;
  /** Resolves once no pass runs or waits to. */
  idle(): Promise<void>;
  /** Starts the timer. */
  start(): void;
  /** Stops the timer and wakes, and waits for a pass in progress. */
  stop(): Promise<void>;
}

/**
 * The dispatcher of one process. Every server process may run one: the database hands each event of
 * each consumer to one of them.
 */
export function createEventDispatcher(
  deps: { db: Database; consumers: readonly EventConsumer[]; log?: Log },
  overrides: Partial<DispatcherOptions> = {},
): EventDispatcher {
  const options = { ...DEFAULT_DISPATCHER_OPTIONS, ...overrides };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  /** Passes running or waiting for the one before. */
  let running = 0;
  /** A pass asked for by wake() and not yet started. */
  let queued = false;
  let waiters: Array<() => void> = [];

  const pass = (now?: Date, onStart?: () => void) => {
    running += 1;
    const result = current.then(() => {
      onStart?.();
      return dispatchEvents(deps.db, deps.consumers, options, now ?? new Date(), deps.log);
    });
    current = result
      .catch((error) => deps.log?.error({ err: error }, 'package events pass failed'))
      .finally(() => {
        running -= 1;
        if (running > 0) return;
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve();
      });
    return result;
  };
  const tick = () => {
    timer = setTimeout(async () => {
      await pass().catch(() => undefined);
      if (!stopped) tick();
    }, options.intervalMs);
    timer.unref();
  };

  return {
    runOnce: (now?: Date) => pass(now),
    wake() {
      if (stopped || queued) return;
      queued = true;
      void pass(undefined, () => {
        queued = false;
      }).catch(() => undefined);
    },
    busy: () => running > 0,
    idle() {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    start() {
      stopped = false;
      clearTimeout(timer);
      tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
