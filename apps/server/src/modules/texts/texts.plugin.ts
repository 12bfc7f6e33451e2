import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withProgress } from '../../progress.ts';
import { createTextProvider } from './providers.ts';
import { startTextSender, type TextSender, type TextSenderOptions } from './text-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The text sender of this process; undefined without SMS_PROVIDER. */
    textSender: TextSender | undefined;
  }
}

export interface TextsOptions {
  /** The sender's timings (tests shorten them); its interval is SMS_OUTBOX_POLL_MS. */
  sender?: Partial<TextSenderOptions>;
}

/**
 * With SMS_PROVIDER, the provider (its SDK loaded only now) and the text sender, started when the app
 * is ready and stopped after the HTTP server and before the database closes. Without it, nothing: no
 * module loaded, no table read, no timer.
 */
async function texts(app: FastifyInstance, { sender: overrides = {} }: TextsOptions) {
  const config = app.config.texts;
  app.decorate('textSender', undefined);
  if (!config) return;
  const provider = await createTextProvider(config, app.config.publicUrl);
  app.log.info(`texts: sending through ${provider.name} (${provider.channels.join(', ')})`);
  let sender: TextSender | undefined;
  app.addHook('onReady', async () => {
    sender = startTextSender({ db: app.db, provider, log: app.log }, { intervalMs: config.pollMs, ...overrides });
    app.textSender = sender;
  });
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'stopping the text sender', async () => sender?.stop());
  });
}

export default fp(texts, { name: 'texts', dependencies: ['db'] });
