import { isTrackingCode, normalizeTrackingCode, shortLinkParamsSchema, TRACKING_CODE_MAX_INPUT } from '@waybill/domain';
import { z } from 'zod';
import { publicScope } from '../../http/access.ts';

/**
 * The short link of every text, PUBLIC_URL/t/CODE, to the code's tracking page: it reads nothing, and
 * stays when texts are turned off, so a link already sent keeps working. With SMS_PROVIDER, the
 * providers' webhooks too (texts-webhooks.ts, loaded only then) and the tracking page's text updates.
 */
export const textsRoutes = publicScope(async (app, { config }) => {
  app.get(
    '/t/:code',
    {
      schema: {
        tags: ['Messages'],
        summary: "A text's short link: a redirect to the code's tracking page",
        params: shortLinkParamsSchema,
        response: { 302: z.null().describe('To /track/CODE'), 404: z.unknown().describe('Not a tracking code') },
      },
    },
    async (request, reply) => {
      const code = normalizeTrackingCode(request.params.code.slice(0, TRACKING_CODE_MAX_INPUT));
      if (!isTrackingCode(code)) return reply.callNotFound();
      return reply.redirect(`/track/${code}`, 302);
    },
  );
  if (!config.texts) return;
  // Only now: the webhooks' module and what it loads (the phone-number metadata, Twilio's SDK).
  const { textWebhooks } = await import('./texts-webhooks.ts');
  await textWebhooks(app, config, config.texts);
  const { textSubscriptionRoutes } = await import('./text-subscriptions.routes.ts');
  await textSubscriptionRoutes(app, config);
});
