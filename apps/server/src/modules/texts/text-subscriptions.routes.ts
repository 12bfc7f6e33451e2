import {
  apiErrorSchema,
  CANNOT_TEXT_NUMBER,
  PACKAGE_NOT_FOUND,
  TEXT_CODE_EXPIRED,
  TEXT_CODE_LOCKED,
  TEXT_CODE_SENT,
  TEXT_CODE_WRONG,
  TEXT_NUMBERS_FULL,
  textConfirmAnswerSchema,
  textConfirmBodySchema,
  textSubscribeAnswerSchema,
  textSubscribeBodySchema,
  trackParamsSchema,
  UPDATES_CLOSED_DELIVERED,
  UPDATES_CLOSED_REJECTED,
} from '@waybill/domain';
import { countryOfPhone } from '@waybill/domain/phone-numbers';
import type { Config } from '../../config.ts';
import type { RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor } from '../audit/audit.service.ts';
import { SUBSCRIBE_ANSWER_FLOOR_MS } from '../subscriptions/subscriptions.routes.ts';
import {
  confirmTextUpdates,
  requestTextUpdates,
  type TextSubscriptionDeps,
  TooManyTextCodesError,
} from './text-subscriptions.service.ts';

type RoutesApp = Parameters<RoutesPlugin>[0];

const tags = ['Text updates'];
const waitUntil = (startedAt: number, ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, startedAt + ms - performance.now())));

/**
 * The tracking page's text updates (double opt-in by a 6-digit code), registered only with
 * SMS_PROVIDER: without it both routes answer 404.
 */
export async function textSubscriptionRoutes(app: RoutesApp, config: Config): Promise<void> {
  const deps: TextSubscriptionDeps = {
    db: app.db,
    keys: app.subscriptionKeys,
    publicUrl: config.publicUrl,
    companyName: config.company.name,
    region: countryOfPhone(config.company.phone),
  };

  app.post(
    '/api/track/:code/text-subscriptions',
    {
      schema: {
        tags,
        summary: "Ask for a package's texts at a number: a 6-digit code is texted to it",
        description:
          'The code works 10 minutes; a number waiting for one gets a new one at most each minute. The answer is ' +
          'the same whether the number is new, waiting, confirmed already or opted out (STOP).',
        params: trackParamsSchema,
        body: textSubscribeBodySchema,
        response: {
          202: textSubscribeAnswerSchema.describe(TEXT_CODE_SENT),
          ...errorAnswers({
            400: `A number that cannot take texts: "${CANNOT_TEXT_NUMBER}"`,
            404: PACKAGE_NOT_FOUND,
            409: `"${UPDATES_CLOSED_DELIVERED}" / "${UPDATES_CLOSED_REJECTED}" / "${TEXT_NUMBERS_FULL}"`,
          }),
          429: apiErrorSchema.describe('The number was sent 5 codes in 24 hours, whatever the package'),
        },
      },
      ...rateLimitFor(app, 'track', 'forms'),
    },
    async (request, reply) => {
      const startedAt = performance.now();
      try {
        await requestTextUpdates(deps, customerActor(request), request.params.code, request.body);
      } catch (error) {
        if (error instanceof TooManyTextCodesError) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
      await waitUntil(startedAt, SUBSCRIBE_ANSWER_FLOOR_MS);
      return reply.code(202).send({ message: TEXT_CODE_SENT });
    },
  );

  app.post(
    '/api/track/:code/text-subscriptions/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a number with the code texted to it: the package’s texts start',
        params: trackParamsSchema,
        body: textConfirmBodySchema,
        response: {
          200: textConfirmAnswerSchema,
          ...errorAnswers({
            400: `"${TEXT_CODE_WRONG}", or a number that cannot take texts`,
            404: PACKAGE_NOT_FOUND,
            409: TEXT_NUMBERS_FULL,
            410: `"${TEXT_CODE_EXPIRED}" (after 10 minutes) / "${TEXT_CODE_LOCKED}" (after 5 wrong codes)`,
          }),
        },
      },
      ...rateLimitFor(app, 'track', 'forms'),
    },
    async (request) => confirmTextUpdates(deps, customerActor(request), request.params.code, request.body),
  );
}
