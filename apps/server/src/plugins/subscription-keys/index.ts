import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadSubscriptionKey, type SubscriptionKeys, subscriptionKeysFrom } from './keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Hashes, seals and opens the addresses of tracking e-mail updates. */
    subscriptionKeys: SubscriptionKeys;
  }
}

/** Loads the key of the subscribers' addresses once, before the routes and the outbox use it. */
async function subscriptionKeys(app: FastifyInstance) {
  const { key, source, file } = loadSubscriptionKey(app.config);
  if (source === 'file' && app.config.databaseUrl) {
    app.log.warn(
      `SUBSCRIPTION_KEY is not set: the addresses of e-mail updates are sealed with ${file}. Every process on this database must use the same key: set SUBSCRIPTION_KEY to its contents on each.`,
    );
  }
  app.decorate('subscriptionKeys', subscriptionKeysFrom(key));
}

export default fp(subscriptionKeys, { name: 'subscription-keys' });
