import { emailPayloadSchema, pageQueryFields, renderedEmailSchema } from '@waybill/domain';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { withProgress } from '../../progress.ts';
import { countMailLog, findMailLogPage, type MailLogRow } from './mail-log.repository.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { readNotifyCustomers, saveNotifyCustomers } from './outbox.repository.ts';
import { type OutboxWorker, startOutboxWorker } from './outbox-worker.ts';
import { type MailDeps, previewComposerEmail, sendComposerEmail } from './send-email.service.ts';
import { mailContextOf } from './templates/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every e-mail leaves the server (SMTP, or .eml files without SMTP_URL). */
    mailer: Mailer;
    /** The customer-notification sender running in this process. */
    mailOutbox: OutboxWorker;
  }
}

export const DEFAULT_MAIL_LOG_PAGE_SIZE = 50;

const pageQuerySchema = z.object(pageQueryFields(DEFAULT_MAIL_LOG_PAGE_SIZE));

const mailLogEntrySchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});

const notificationSettingsSchema = z.object({
  notifyCustomers: z.boolean({ error: 'notifyCustomers must be true or false' }),
});

function toMailLogEntry(row: MailLogRow): z.infer<typeof mailLogEntrySchema> {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status as 'sent' | 'failed',
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The mailer, the composer's send and preview, the mail log, notification settings, and the outbox
 * worker (started when the app is ready, stopped after the HTTP server and before the database closes). Not encapsulated, so
 * the app exposes `mailer` and `mailOutbox`. Console routes are guarded by the auth plugin.
 */
const mail: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  const mailer = createMailer(app.config);
  app.log.info(`mail: ${mailer.describe()}`);
  app.decorate('mailer', mailer);
  const deps = (log: MailDeps['log']): MailDeps => ({
    db: app.db,
    storage: app.storage,
    mailer,
    context: mailContextOf(app.config),
    log,
  });

  let worker: OutboxWorker | undefined;
  app.decorate('mailOutbox', {
    runOnce: (now?: Date) => worker!.runOnce(now),
    stop: async () => worker?.stop(),
  });
  app.addHook('onReady', async () => {
    worker = startOutboxWorker(app);
  });
  // The worker stops once the HTTP server has closed and before the database does (onClose hooks run
  // after the server's close, in reverse order of registration). Stopping it earlier (preClose) held
  // the server open for a whole pass, tens of seconds with a slow mail server, while the shutdown's
  // request deadline ran out. A pass in progress finishes, however long it takes, and says so.
  app.addHook('onClose', async () => {
    await withProgress(app.log, 'stopping the mail outbox', async () => worker?.stop());
    mailer.close();
  });

  app.post(
    '/api/send-email',
    {
      schema: { body: emailPayloadSchema, response: { 200: z.object({ message: z.string(), id: z.string() }) } },
      config: { idempotency: 'body' },
    },
    async (request) => sendComposerEmail(deps(request.log), request.body),
  );

  app.post(
    '/api/admin/email-preview',
    { schema: { body: emailPayloadSchema, response: { 200: renderedEmailSchema } } },
    async (request) => previewComposerEmail(deps(request.log), request.body),
  );

  app.get(
    '/api/admin/mail-log',
    { schema: { querystring: pageQuerySchema, response: { 200: z.array(mailLogEntrySchema) } } },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const [rows, total] = await Promise.all([
        findMailLogPage(app.db, { limit: pageSize, offset: (page - 1) * pageSize }),
        countMailLog(app.db),
      ]);
      reply.header('X-Total-Count', total).header('X-Page', page).header('X-Page-Size', pageSize);
      if (page * pageSize < total) {
        reply
          .header('X-Next-Page', page + 1)
          .header('Link', `</api/admin/mail-log?page=${page + 1}&pageSize=${pageSize}>; rel="next"`);
      }
      return rows.map(toMailLogEntry);
    },
  );

  app.get(
    '/api/admin/notification-settings',
    { schema: { response: { 200: notificationSettingsSchema } } },
    async () => ({ notifyCustomers: await readNotifyCustomers(app.db) }),
  );

  app.put(
    '/api/admin/notification-settings',
    { schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    async (request) => ({ notifyCustomers: await saveNotifyCustomers(app.db, request.body.notifyCustomers) }),
  );
};

export const mailRoutes = fp(mail, { name: 'mail', dependencies: ['db', 'auth'] });
