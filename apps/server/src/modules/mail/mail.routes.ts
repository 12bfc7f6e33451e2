import {
  emailPayloadSchema,
  mailLogEntrySchema,
  mailLogQuerySchema,
  notificationSettingsSchema,
  renderedEmailSchema,
  sentEmailSchema,
} from '@waybill/domain';
import { adminScope, consoleScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { getNotificationSettings, listMailLog, saveNotificationSettings } from './mail.service.ts';
import { type MailDeps, previewComposerEmail, sendComposerEmail } from './send-email.service.ts';
import { mailContextOf } from './templates/index.ts';

const tags = ['Mail'];

/** The composer's send and preview, the mail log and the notification setting (console only). */
const operatorMailRoutes = consoleScope(async (app) => {
  const deps = (log: MailDeps['log']): MailDeps => ({
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    context: mailContextOf(app.config),
    log,
  });

  app.post(
    '/api/send-email',
    {
      schema: {
        tags,
        summary: "Sends the composer's e-mail and records it in the mail log",
        description:
          'With `includeImages` and the `trackingCode` of a saved package, up to `imageCount` of its images ' +
          'travel inline (JPEG, `cid:`); an image whose file cannot be read is left out and logged. An ' +
          'empty `customSignature` becomes "Best regards," and the company\'s team name.',
        body: emailPayloadSchema,
        response: {
          200: sentEmailSchema,
          ...errorAnswers({ 502: 'Could not send the email: {reason} (the mail server refused or did not answer)' }),
        },
      },
      config: { idempotency: 'body' },
    },
    async (request) => sendComposerEmail(deps(request.log), operatorActor(request), request.body),
  );

  app.post(
    '/api/admin/email-preview',
    {
      schema: {
        tags,
        summary: 'The e-mail exactly as send-email would send it; nothing is sent or logged',
        description:
          'Each image is embedded as a `data:image/webp;base64,…` URI of its thumbnail (at most 256 KB) ' +
          'instead of `cid:`, for a sandboxed preview frame.',
        body: emailPayloadSchema,
        response: { 200: renderedEmailSchema },
      },
    },
    async (request) => previewComposerEmail(deps(request.log), request.body),
  );

  app.get(
    '/api/admin/mail-log',
    {
      schema: {
        tags,
        summary: 'Every message sent or failed, newest first, a page at a time',
        querystring: mailLogQuerySchema,
        response: { 200: pageAnswer(mailLogEntrySchema) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      return sendPage(request, reply, { ...(await listMailLog(app.db, request.query)), page, pageSize });
    },
  );

  app.get(
    '/api/admin/notification-settings',
    {
      schema: {
        tags,
        summary: 'Whether customers are e-mailed about changes to their package',
        response: { 200: notificationSettingsSchema },
      },
    },
    async () => getNotificationSettings(app.db),
  );
});

/** Every operator sees whether customers are notified; only an admin turns it on or off. */
const adminMailRoutes = adminScope(async (app) => {
  app.put(
    '/api/admin/notification-settings',
    {
      schema: {
        tags,
        summary: 'Turns the customer notifications on or off',
        description:
          'When on, accepting, rejecting, a status change or a location update e-mails the shipper and the ' +
          'receiver (once per event and address), queued in the same transaction as the change.',
        body: notificationSettingsSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request) => saveNotificationSettings(app.db, operatorActor(request), request.body),
  );
});

export const mailRoutes: RoutesPlugin = async (app, options) => {
  await app.register(operatorMailRoutes, options);
  await app.register(adminMailRoutes, options);
};
