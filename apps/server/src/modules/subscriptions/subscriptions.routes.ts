import {
  SUBSCRIBE_ACCEPTED,
  SUBSCRIBERS_FULL,
  subscribeAnswerSchema,
  subscribeBodySchema,
  subscriptionTokenQuerySchema,
  trackParamsSchema,
} from '@waybill/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor } from '../audit/audit.service.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';
import { linkPage } from './subscription-pages.ts';
import {
  confirmUpdates,
  describeUnsubscribe,
  type LinkOutcome,
  requestUpdates,
  type SubscriptionDeps,
  unsubscribe,
} from './subscriptions.service.ts';

const tags = ['E-mail updates'];
/**
 * Every accepted request is answered this long after it arrived, at the earliest. A new address costs
 * more work (a sealed address, a link, an e-mail queued) than one already subscribed (nothing): 50 ms
 * against 30 ms here, a difference a stranger could time to learn whether an address follows a
 * package. Under this floor both take the same.
 */
export const SUBSCRIBE_ANSWER_FLOOR_MS = 250;
const waitUntil = (startedAt: number, ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, startedAt + ms - performance.now())));
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const TOKEN_PAGES = {
  404: htmlPage('Unknown, used or malformed token: a small page saying so'),
};

function sendPage(app: FastifyInstance, reply: FastifyReply, outcome: LinkOutcome) {
  const { status, html } = linkPage(outcome, app.config.company.name);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

// Only the request that sends mail is rate limited. The links carry 256-bit tokens, so a limit would
// stop no guessing, while a mail provider posting many one-click unsubscribes from one address would
// meet it.
export const subscriptionsRoutes = publicScope(async (app) => {
  const deps: SubscriptionDeps = { db: app.db, keys: app.subscriptionKeys, publicUrl: app.config.publicUrl };

  // A mail client's one-click unsubscribe (RFC 8058) and the page's button post a form body: RFC 8058
  // asks mail clients for multipart/form-data and allows the browser's form encoding. It carries nothing
  // the route reads (the token is in the link), so either is read as bounded text only.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { form: String(body) }),
  );

  app.post(
    '/api/track/:code/subscriptions',
    {
      schema: {
        tags,
        summary: "Ask for a package's updates by e-mail (double opt-in)",
        description:
          'Sends a confirmation link (valid 48 hours) unless the address is already confirmed; the answer is the same ' +
          'in every case, so it never tells whether an address is subscribed. At most 5 confirmed addresses a package.',
        params: trackParamsSchema,
        body: subscribeBodySchema,
        response: {
          202: subscribeAnswerSchema,
          ...errorAnswers({ 404: PACKAGE_NOT_FOUND, 409: SUBSCRIBERS_FULL }),
        },
      },
      // It tells whether a code exists, so it counts in the tracking budget too.
      ...rateLimitFor(app, 'track', 'forms'),
    },
    async (request, reply) => {
      const startedAt = performance.now();
      await requestUpdates(deps, customerActor(request), request.params.code, request.body.email);
      await waitUntil(startedAt, SUBSCRIBE_ANSWER_FLOOR_MS);
      return reply.code(202).send({ message: SUBSCRIBE_ACCEPTED });
    },
  );

  app.get(
    '/api/subscriptions/confirm',
    {
      schema: {
        tags,
        summary: 'The link of a confirmation e-mail: starts the updates and answers a small page',
        querystring: subscriptionTokenQuerySchema,
        response: {
          200: htmlPage('Confirmed: a page saying so'),
          ...TOKEN_PAGES,
          409: htmlPage('The package already has 5 confirmed addresses'),
          410: htmlPage('The link is older than 48 hours'),
        },
      },
    },
    async (request, reply) => {
      if (request.method === 'HEAD') return sendPage(app, reply, { kind: 'invalid' });
      return sendPage(app, reply, await confirmUpdates(deps, customerActor(request), request.query.token));
    },
  );

  app.get(
    '/api/subscriptions/unsubscribe',
    {
      schema: {
        tags,
        summary: 'The unsubscribe link of an update: a page with a button that posts (opening it changes nothing)',
        querystring: subscriptionTokenQuerySchema,
        response: {
          200: htmlPage('The Unsubscribe button, or a page saying the address is unsubscribed'),
          ...TOKEN_PAGES,
        },
      },
    },
    async (request, reply) => sendPage(app, reply, await describeUnsubscribe(deps, request.query.token)),
  );

  app.post(
    '/api/subscriptions/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop the updates: the page’s button, or a mail client’s one-click unsubscribe (RFC 8058)',
        description:
          'The token in the link is the credential, so no anti-forgery header is asked for (a mail client cannot send ' +
          'one). The body, if any, is `List-Unsubscribe=One-Click` (form-encoded or multipart) and is not read. A ' +
          'repeat answers the same page.',
        querystring: subscriptionTokenQuerySchema,
        response: { 200: htmlPage('Unsubscribed: a page saying so'), ...TOKEN_PAGES },
      },
      config: { antiForgery: 'token-in-link' },
    },
    async (request, reply) =>
      sendPage(app, reply, await unsubscribe(deps, customerActor(request), request.query.token)),
  );
});
