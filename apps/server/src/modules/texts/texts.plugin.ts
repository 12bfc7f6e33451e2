import { countSegments, renderText, TEXT_KINDS, TRACKING_CODE_EXAMPLE } from '@waybill/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withProgress } from '../../progress.ts';
import { createTextProvider } from './providers.ts';
import { type ShipperTextsCheck, shipperTextsCheck } from './shipper-texts.ts';
import { startTextSender, type TextSender, type TextSenderOptions } from './text-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The text sender of this process; undefined without SMS_PROVIDER. */
    textSender: TextSender | undefined;
    /** The ship form's "Text me updates" check; undefined without SMS_PROVIDER (the choice is not read). */
    shipperTexts: ShipperTextsCheck | undefined;
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
  app.decorate('shipperTexts', shipperTextsCheck(app.config));
  if (!config) return;
  const provider = await createTextProvider(config, app.config.publicUrl);
  app.log.info(`texts: sending through ${provider.name} (${provider.channels.join(', ')})`);
  warnAboutLongTexts(app.log, app.config);
  let sender: TextSender | undefined;
  app.addHook('onReady', async () => {
    sender = startTextSender({ db: app.db, provider, log: app.log }, { intervalMs: config.pollMs, ...overrides });
    app.textSender = sender;
  });
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'stopping the text sender', async () => sender?.stop());
  });
}

/**
 * The templates give way (the reason, then the company's name) to stay one segment; only a PUBLIC_URL
 * too long for the link leaves them two, each text billed twice: said once at start.
 */
export function warnAboutLongTexts(
  log: Pick<FastifyBaseLogger, 'warn'>,
  config: { publicUrl: string; company: { name: string } },
) {
  const link = `${config.publicUrl}/t/${TRACKING_CODE_EXAMPLE}`;
  const longest = Math.max(
    ...TEXT_KINDS.map(
      (kind) => countSegments(renderText(kind, { companyName: config.company.name, link, reason: 'x' })).segments,
    ),
  );
  if (longest > 1) {
    log.warn({ publicUrl: config.publicUrl }, `texts: PUBLIC_URL is too long for one segment; texts take ${longest}`);
  }
}

export default fp(texts, { name: 'texts', dependencies: ['db'] });
