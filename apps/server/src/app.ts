import path from 'node:path';
import cookie from '@fastify/cookie';
import { ACCOUNT_SESSION_COOKIE } from '@waybill/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, warnAboutDefaults } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { HTTP_TIMEOUTS, type HttpTimeouts, serverTimeoutOptions } from './http-timeouts.ts';
import { createLogger, RequestLogController } from './logger.ts';
import { ensureFirstOperator, SESSION_COOKIE } from './modules/auth/auth.service.ts';
import events from './modules/events/events.plugin.ts';
import type { EventConsumer } from './modules/events/events.service.ts';
import { eventConsumers, featureRoutes, mailLinks } from './modules/index.ts';
import mail from './modules/mail/mail.plugin.ts';
import type { SmtpTimeouts } from './modules/mail/mailer.ts';
import orphanSweep from './modules/packages/sweep/orphan-sweep.plugin.ts';
import webApp from './modules/public-pages/web-app.plugin.ts';
import texts, { type TextsOptions } from './modules/texts/texts.plugin.ts';
import trackingCache from './modules/tracking/tracking-cache.plugin.ts';
import webhooks, { type WebhooksOptions } from './modules/webhooks/webhooks.plugin.ts';
import databaseChanges from './plugins/database-changes.ts';
import database from './plugins/db.ts';
import errorHandler, { sendNotFound } from './plugins/error-handler.ts';
import idempotency from './plugins/idempotency/index.ts';
import openapi, { apiDocsRoutes } from './plugins/openapi.ts';
import rateLimits from './plugins/rate-limits.ts';
import securityHeaders from './plugins/security-headers.ts';
import serverSecrets from './plugins/server-secrets.ts';
import slowBodies from './plugins/slow-bodies.ts';
import subscriptionKeys from './plugins/subscription-keys/index.ts';
import textGuard from './plugins/text-guard.ts';
import uploads from './plugins/uploads.ts';
import xsrf from './plugins/xsrf.ts';
import { withProgress } from './progress.ts';
import type { ImageStorage } from './storage/image-storage.ts';
import { LocalDiskStorage } from './storage/local-disk-storage.ts';
import { S3ImageStorage } from './storage/s3-storage.ts';

/** JSON bodies are small forms; images travel as multipart with their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

export interface BuildOptions {
  /** The HTTP time limits are not settings (see http-timeouts.ts); tests shorten them to watch them act. */
  timeouts?: HttpTimeouts;
  /** nodemailer's time limits (mailer.ts SMTP_TIMEOUTS by default); tests shorten them to wait less for a silent server. */
  smtpTimeouts?: SmtpTimeouts;
  /** Called with each route's options as it is registered (Fastify's `onRoute`); the app's own hooks complete them. */
  onRoute?: (route: RouteOptions) => void;
  /** The process's logger (server.ts makes it first, to log a failed start); else one from the config. */
  logger?: FastifyBaseLogger;
  /** Consumers of package events besides the app's own (modules/index.ts). */
  extraEventConsumers?: EventConsumer[];
  /** The text sender's timings (with SMS_PROVIDER); tests shorten them. */
  texts?: TextsOptions;
  /** The webhook sender's timings; tests shorten them. */
  webhooks?: WebhooksOptions;
  /**
   * A database already open, used instead of opening the configured one; migrated as usual and closed
   * (its `close()`) when the app closes. The server's tests hand each app an embedded database kept
   * open between apps.
   */
  database?: DatabaseHandle;
}

/** The receiver's texts, only with SMS_PROVIDER: without it, no consumer reads or writes a text, nothing is loaded. */
async function textConsumers(config: Config): Promise<EventConsumer[]> {
  if (!config.texts) return [];
  const { textEventConsumer } = await import('./modules/texts/texts-events.consumer.ts');
  return [textEventConsumer(config)];
}

/** Builds the whole app (database opened and migrated, routes registered) without listening. */
export async function buildApp(
  config: Config,
  {
    timeouts = HTTP_TIMEOUTS,
    smtpTimeouts,
    onRoute,
    logger,
    extraEventConsumers = [],
    texts: textsOptions = {},
    webhooks: webhooksOptions = {},
    database: openDatabaseHandle,
  }: BuildOptions = {},
): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    ...serverTimeoutOptions(timeouts),
    loggerInstance: logger ?? createLogger(config),
    logController: new RequestLogController(),
    bodyLimit: JSON_BODY_LIMIT,
    // No time limit on a plugin or an onReady hook: creating and migrating the embedded database took
    // 10–17 s on a busy two-core machine, past the default 10 s, and the server exited. Each slow step
    // logs what it waits for instead (see progress.ts).
    pluginTimeout: 0,
    routerOptions: { ignoreTrailingSlash: true },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default).
    // A hop count as Fastify reads a number (its types take only the function form): the n nearest
    // hops are proxies.
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  warnAboutDefaults(app.log, config);

  const storage: ImageStorage = config.s3
    ? new S3ImageStorage(config.s3)
    : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
  app.decorate('config', config);
  app.decorate('storage', storage);
  if (storage instanceof S3ImageStorage) app.addHook('onClose', async () => storage.close());

  // External plugins, then the app's own, then routes (plugins first so their hooks see every route).
  if (onRoute) app.addHook('onRoute', onRoute);
  await app.register(openapi, { sessionCookie: SESSION_COOKIE, accountSessionCookie: ACCOUNT_SESSION_COOKIE });
  await app.register(errorHandler);
  await app.register(slowBodies, { minBodyRate: timeouts.minBodyRate });
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(xsrf, { sessionCookies: [SESSION_COOKIE, ACCOUNT_SESSION_COOKIE] });
  await app.register(textGuard);
  await app.register(rateLimits);
  await app.register(database, { handle: openDatabaseHandle });
  await app.register(serverSecrets);
  await app.register(databaseChanges);
  await app.register(idempotency);
  await app.register(uploads, { storage });
  await app.register(orphanSweep);
  await app.register(subscriptionKeys);
  await app.register(mail, { smtpTimeouts, ...mailLinks });
  await app.register(events, {
    consumers: [...eventConsumers, ...(await textConsumers(config)), ...extraEventConsumers],
    intervalMs: config.events.pollMs,
  });
  await app.register(texts, textsOptions);
  await app.register(webhooks, webhooksOptions);
  await app.register(trackingCache);

  // A body-less write (e.g. a DELETE with no JSON) is validated as an empty object, so the client
  // hears which field is missing rather than a generic type error.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
    done();
  });

  for (const routes of featureRoutes) await app.register(routes, { config });
  await app.register(apiDocsRoutes, { config });

  if (config.webDistDir) await app.register(webApp, { root: config.webDistDir, consolePath: config.admin.path });
  else app.setNotFoundHandler(sendNotFound);

  app.addHook('onReady', async () => {
    await withProgress(app.log, 'checking for the first operator', () => ensureFirstOperator(app.db, config, app.log));
  });
  return app;
}
