import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withProgress } from '../../progress.ts';
import { createMailer, type Mailer, type SmtpTimeouts } from './mailer.ts';
import { type OutboxWorker, type RatingLinkIssuer, startOutboxWorker } from './outbox-worker.ts';
import { sealQueuedLinks } from './seal-queued-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every e-mail leaves the server (SMTP, or .eml files without SMTP_URL). */
    mailer: Mailer;
    /** The customer-notification sender running in this process. */
    mailOutbox: OutboxWorker;
  }
}

/**
 * The mailer and the outbox worker (started when the app is ready, stopped after the HTTP server and
 * before the database closes). Not encapsulated, so the app exposes `mailer` and `mailOutbox`.
 */
async function mail(
  app: FastifyInstance,
  { smtpTimeouts, issueRatingLink }: { smtpTimeouts?: SmtpTimeouts; issueRatingLink?: RatingLinkIssuer },
) {
  const mailer = createMailer(app.config, smtpTimeouts);
  app.log.info(`mail: ${mailer.describe()}`);
  app.decorate('mailer', mailer);

  let worker: OutboxWorker | undefined;
  app.decorate('mailOutbox', {
    runOnce: (now?: Date) => worker!.runOnce(now),
    stop: async () => worker?.stop(),
  });
  app.addHook('onReady', async () => {
    const sealed = await sealQueuedLinks(app.db, app.subscriptionKeys);
    if (sealed > 0) app.log.info({ messages: sealed }, 'sealed the links of queued e-mails');
    worker = startOutboxWorker(app, { intervalMs: app.config.mail.outboxPollMs }, issueRatingLink);
  });
  // The worker stops once the HTTP server has closed and before the database does (onClose hooks run
  // after the server's close, in reverse order of registration). Stopping it earlier (preClose) held
  // the server open for a whole pass, tens of seconds with a slow mail server, while the shutdown's
  // request deadline ran out. A pass in progress finishes, however long it takes, and says so.
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'stopping the mail outbox', async () => worker?.stop());
    mailer.close();
  });
}

export default fp(mail, { name: 'mail', dependencies: ['db', 'subscription-keys'] });
