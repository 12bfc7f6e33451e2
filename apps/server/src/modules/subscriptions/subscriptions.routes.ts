import {
  apiErrorSchema,
  PACKAGE_NOT_FOUND,
  SUBSCRIBE_ACCEPTED,
  SUBSCRIBERS_FULL,
  subscribeAnswerSchema,
  subscribeBodySchema,
  subscriptionTokenQuerySchema,
  tooManyUpdateRequestsMessage,
  trackParamsSchema,
  UPDATE_REQUESTS_PER_MAILBOX,
  UPDATE_REQUESTS_WINDOW_HOURS,
  UPDATES_CLOSED_DELIVERED,
  UPDATES_CLOSED_REJECTED,
} from '@waybill/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor } from '../audit/audit.service.ts';
import { linkPage } from './subscription-pages.ts';
import {
  confirmUpdates,
  describeConfirmation,
  describeUnsubscribe,
  type LinkOutcome,
  requestUpdates,
  type SubscriptionDeps,
  TooManyUpdateRequestsError,
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
  404: htmlPage('Unknown or malformed token: a small page saying so'),
};
const MAILBOX_REFUSED = apiErrorSchema.meta({
  description:
    `The address (its plus-address and dot variants counted as one) was asked for ${UPDATE_REQUESTS_PER_MAILBOX} ` +
    `times in ${UPDATE_REQUESTS_WINDOW_HOURS} hours, whatever the package: "${tooManyUpdateRequestsMessage('{time}')}"`,
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the address may be asked for again' } },
});

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
          ...errorAnswers({
            404: PACKAGE_NOT_FOUND,
            409: `${SUBSCRIBERS_FULL}, or for a delivered or rejected package "${UPDATES_CLOSED_DELIVERED}" / "${UPDATES_CLOSED_REJECTED}"`,
          }),
          429: MAILBOX_REFUSED,
        },
      },
      // It tells whether a code exists, so it counts in the tracking budget too.
      ...rateLimitFor(app, 'track', 'forms'),
    },
    async (request, reply) => {
      const startedAt = performance.now();
      try {
        await requestUpdates(deps, customerActor(request), request.params.code, request.body.email);
      } catch (error) {
        if (error instanceof TooManyUpdateRequestsError) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
      await waitUntil(startedAt, SUBSCRIBE_ANSWER_FLOOR_MS);
      return reply.code(202).send({ message: SUBSCRIBE_ACCEPTED });
    },
  );

  app.get(
    '/api/subscriptions/confirm',
    {
      schema: {
        tags,
        summary: 'The link of a confirmation e-mail: a page with a button that posts (opening it changes nothing)',
        querystring: subscriptionTokenQuerySchema,
        response: {
          200: htmlPage('The Confirm button, or a page saying the address is already confirmed or unsubscribed'),
          ...TOKEN_PAGES,
          410: htmlPage('The link is older than 48 hours'),
        },
      },
    },
    async (request, reply) => sendPage(app, reply, await describeConfirmation(deps, request.query.token)),
  );

  app.post(
    '/api/subscriptions/confirm',
    {
      schema: {
        tags,
        summary: 'Start the updates: the confirmation page’s button',
        description:
          'The token in the link is the credential, so no anti-forgery header is asked for (the page is a plain ' +
          'form). The body, if any, is not read. A repeat answers that the address is already confirmed.',
        querystring: subscriptionTokenQuerySchema,
        response: {
          200: htmlPage('Confirmed (or already confirmed, or unsubscribed since): a page saying so'),
          ...TOKEN_PAGES,
          409: htmlPage('The package already has 5 confirmed addresses'),
          410: htmlPage('The link is older than 48 hours'),
        },
      },
      config: { antiForgery: 'token-in-link' },
    },
    async (request, reply) =>
      sendPage(app, reply, await confirmUpdates(deps, customerActor(request), request.query.token)),
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
