import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ChangeListener, listenOnPglite, listenOnPostgres } from '../db/change-listener.ts';

/** What a subscriber hears: each change announced on its channel, and whether every change is heard. */
export interface ChangeSubscriber {
  /** `payload` as the trigger sent it; '*' when anything on the channel may have changed. */
  changed(payload: string): void;
  /** False while changes may be missed (the listening connection lost): caches must not be trusted. */
  listening(on: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's change announcements (NOTIFY from the migrations' triggers), for this process's caches. */
    databaseChanges: { subscribe(channel: string, subscriber: ChangeSubscriber): void };
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WARN_INTERVAL_MS = 10_000;

/**
 * One listener for the whole process, started once every plugin has subscribed (onReady). On PGlite
 * the notifications come back through the same client as the committing query returns; on PostgreSQL
 * through a connection of its own, which reconnects when lost (subscribers hear `listening(false)`
 * meanwhile). Every process behind a balancer hears every change, whichever process made it.
 */
async function databaseChanges(app: FastifyInstance) {
  const subscribers = new Map<string, ChangeSubscriber[]>();
  let heard = false;
  let listener: ChangeListener | undefined;
  app.decorate('databaseChanges', {
    subscribe(channel: string, subscriber: ChangeSubscriber) {
      if (listener) throw new Error(`${channel}: subscribe before the server is ready`);
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), subscriber]);
    },
  });

  let lastWarning = 0;
  const everyone = () => [...subscribers.values()].flat();
  const handlers = {
    channels: [] as string[],
    changed(channel: string, payload: string) {
      for (const subscriber of subscribers.get(channel) ?? []) subscriber.changed(payload);
    },
    listening(on: boolean, error?: unknown) {
      if (on && !heard && lastWarning > 0) app.log.info('database changes are heard again: caches are on');
      heard = on;
      for (const subscriber of everyone()) subscriber.listening(on);
      if (error && Date.now() - lastWarning >= WARN_INTERVAL_MS) {
        lastWarning = Date.now();
        app.log.warn({ err: error }, 'not hearing database changes: cached answers and pages are not used');
      }
    },
  };

  app.addHook('onReady', async () => {
    handlers.channels = [...subscribers.keys()];
    if (handlers.channels.length === 0) return;
    const client = (app.db as unknown as { $client?: unknown }).$client;
    if (client instanceof PGlite) listener = await listenOnPglite(client, handlers);
    else if (app.config.databaseUrl) listener = await listenOnPostgres(app.config.databaseUrl, handlers);
    else throw new Error('database changes: the database is neither PGlite nor PostgreSQL');
  });

  // A write is answered once this process has heard the change it made: the writer's next read
  // through this process (a tracking answer, a page) is never the cached one from before.
  // A callback hook: reads (every tracking answer, every page) pass straight through, with no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!listener || !heard || !UNSAFE_METHODS.has(request.method) || reply.statusCode >= 400) {
      done(null, payload);
      return;
    }
    listener.caughtUp().then(
      (caughtUp) => {
        // Not confirmed in time: whatever may have changed is dropped.
        if (!caughtUp) for (const subscriber of everyone()) subscriber.changed('*');
        done(null, payload);
      },
      (error: Error) => done(error),
    );
  });
  app.addHook('onClose', async () => listener?.close());
}

export default fp(databaseChanges, { name: 'database-changes', dependencies: ['db'] });
