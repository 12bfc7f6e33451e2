import {
  apiErrorSchema,
  CHECK_DOES_NOT_MATCH,
  checkTriesUsed,
  PACKAGE_CHECK_MINUTES,
  PACKAGE_CHECK_TRIES,
  packageCheckInputSchema,
  trackParamsSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { publicScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor } from '../audit/audit.service.ts';
import { ChecksUsedError, checkPackage, writeCheckToken } from './package-check.service.ts';

/** The cookie of a check: one a package, sent back only to that package's own routes (its path). */
export const PACKAGE_CHECK_COOKIE = 'waybill_package_check';
export const packageCheckPath = (trackingCode: string) => `/api/track/${encodeURIComponent(trackingCode)}`;

const CHECKS_USED = apiErrorSchema.meta({
  description: `${PACKAGE_CHECK_TRIES} wrong tries of this package, or from this address, in the last hour (e.g. "${checkTriesUsed(42)}"); every try is refused until the oldest is an hour old`,
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until a try is counted again' } },
});

export const packageCheckRoutes = publicScope(async (app) => {
  app.post(
    '/api/track/:code/verify',
    {
      schema: {
        tags: ['Tracking'],
        summary: "Proves the visitor is the package's recipient or sender, by the end of a phone number",
        description: [
          "The last four digits of the receiver's phone prove the recipient, of the shipper's the sender.",
          `Answers 204 with an HttpOnly cookie, ${PACKAGE_CHECK_COOKIE}, sent back to this package's routes only, for ${PACKAGE_CHECK_MINUTES} minutes.`,
          'Digits that match neither phone and a code no package has get the same answer.',
          `After ${PACKAGE_CHECK_TRIES} wrong tries of one package, or from one address, in an hour, every try is refused (429), the right digits too.`,
          'Every try is in the audit log, never its digits.',
        ].join(' '),
        params: trackParamsSchema,
        body: packageCheckInputSchema,
        response: { 204: z.null(), ...errorAnswers({ 403: CHECK_DOES_NOT_MATCH }), 429: CHECKS_USED },
      },
      ...rateLimitFor(app, 'track'),
    },
    async (request, reply) => {
      let check: Awaited<ReturnType<typeof checkPackage>>;
      try {
        check = await checkPackage(app.db, customerActor(request), {
          trackingCode: request.params.code,
          phoneLast4: request.body.phoneLast4,
          client: request.ip,
        });
      } catch (error) {
        if (error instanceof ChecksUsedError) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
      reply.setCookie(PACKAGE_CHECK_COOKIE, writeCheckToken(app.serverKeys.packageCheck, check), {
        path: packageCheckPath(check.trackingCode),
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.secure,
        maxAge: PACKAGE_CHECK_MINUTES * 60,
      });
      return reply.code(204).send(null);
    },
  );
});
