import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withProgress } from '../../progress.ts';
import { startWebhookSender, type WebhookSender, type WebhookSenderOptions } from './webhook-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender of this process, from the app's start. */
    webhookSender: WebhookSender | undefined;
  }
}

export interface WebhooksOptions {
  /** The sender's timings (tests shorten the retry schedule); its interval is WEBHOOKS_POLL_MS. */
  sender?: Partial<WebhookSenderOptions>;
}

/** The webhook sender, started when the app is ready and stopped after the HTTP server, before the database. */
async function webhooks(app: FastifyInstance, { sender: overrides = {} }: WebhooksOptions) {
  const { allowPrivateTargets, httpsOnly, pollMs } = app.config.webhooks;
  app.decorate('webhookSender', undefined);
  if (allowPrivateTargets)
    app.log.warn('webhooks: WEBHOOKS_ALLOW_PRIVATE_TARGETS is on: calls may reach private addresses');
  app.addHook('onReady', async () => {
    app.webhookSender = startWebhookSender(
      {
        db: app.db,
        rules: { allowPrivate: allowPrivateTargets, httpsOnly },
        portalUrl: `${app.config.publicUrl}/account/webhooks`,
        log: app.log,
      },
      { intervalMs: pollMs, ...overrides },
    );
  });
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'stopping the webhook sender', async () => app.webhookSender?.stop());
  });
}

export default fp(webhooks, { name: 'webhooks', dependencies: ['db'] });
