import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withProgress } from '../../progress.ts';
import { createEventDispatcher, type EventConsumer, type EventDispatcher } from './event-dispatcher.ts';
import { registerConsumers } from './events.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's dispatcher of package events to their consumers. */
    packageEvents: Pick<EventDispatcher, 'runOnce' | 'idle'>;
  }
  interface FastifyContextConfig {
    /**
     * false: a write of this route is answered as soon as it is committed, without waiting for the
     * consumers' pass (a client that sends writes in bulk, like the driver app, needs no receipt back).
     */
    waitForEventConsumers?: boolean;
  }
}

/** Migration 0018's trigger announces each committed event here. */
export const EVENTS_CHANNEL = 'package_events';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A write waits at most this long for this process's consumers to take in its events. */
const ANSWER_WAIT_MS = 2_000;

export interface EventsOptions {
  consumers: readonly EventConsumer[];
  /** How often an idle dispatcher looks for due events besides the database's wake-ups. */
  intervalMs?: number;
}

/**
 * Starts the dispatcher once the app is ready (the consumers registered, so each hears every event from
 * then on), wakes it on every committed event of any process, and stops it after the HTTP server closes
 * and before the database does. A successful write is answered once this process's pass over its events
 * has ended (at most ANSWER_WAIT_MS): what the write queued (a receipt, a notification) is there when
 * its answer arrives. A route may answer without that wait (`config.waitForEventConsumers: false`).
 */
async function events(app: FastifyInstance, { consumers, intervalMs }: EventsOptions) {
  const dispatcher = createEventDispatcher(
    { db: app.db, consumers, log: app.log },
    intervalMs === undefined ? {} : { intervalMs },
  );
  app.decorate('packageEvents', { runOnce: dispatcher.runOnce, idle: dispatcher.idle });
  app.databaseChanges.subscribe(EVENTS_CHANNEL, {
    changed: () => dispatcher.wake(),
    // Heard again after a gap: what was announced meanwhile is due now.
    listening: (on) => {
      if (on) dispatcher.wake();
    },
  });
  app.addHook('onReady', async () => {
    await registerConsumers(
      app.db,
      consumers.map((consumer) => consumer.name),
    );
    dispatcher.start();
    dispatcher.wake();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !dispatcher.busy() ||
      !UNSAFE_METHODS.has(request.method) ||
      reply.statusCode >= 400 ||
      request.routeOptions.config.waitForEventConsumers === false
    ) {
      done(null, payload);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ANSWER_WAIT_MS);
    });
    Promise.race([dispatcher.idle(), waited]).then(() => {
      clearTimeout(timer);
      done(null, payload);
    });
  });
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'stopping the package events', () => dispatcher.stop());
  });
}

export default fp(events, { name: 'events', dependencies: ['db', 'database-changes'] });
