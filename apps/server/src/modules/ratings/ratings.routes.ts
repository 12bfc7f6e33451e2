import {
  ALREADY_RATED,
  feedbackQuerySchema,
  feedbackWeekSchema,
  PACKAGE_NOT_FOUND,
  packageCodeParamsSchema,
  packageRatingAnswerSchema,
  RATING_CHECK_REQUIRED,
  RATING_COMMENT_MAX,
  RATING_DAYS,
  RATING_LINK_OTHER_PACKAGE,
  ratingInputSchema,
  ratingSchema,
  ratingStatusSchema,
  trackParamsSchema,
} from '@waybill/domain';
import { AppError } from '../../errors.ts';
import { consoleScope, publicScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor } from '../audit/audit.service.ts';
import { PACKAGE_CHECK_COOKIE } from '../tracking/package-check.routes.ts';
import { readCheckToken } from '../tracking/package-check.service.ts';
import { getFeedbackWeek, getPackageRating, getRatingStatus, ratePackage } from './ratings.service.ts';

/** The recipient's or the sender's rating of the delivery, on the tracking page (docs/decisions/0051). */
export const ratingRoutes = publicScope(async (app) => {
  const checkOf = (code: string, cookie: string | undefined) =>
    readCheckToken(app.serverKeys.packageCheck, code, cookie);

  app.post(
    '/api/track/:code/rating',
    {
      schema: {
        tags: ['Tracking'],
        summary: 'Rates the delivery: 1 to 5 stars and an optional comment, once, within 14 days',
        description: [
          `Needs the ${PACKAGE_CHECK_COOKIE} cookie of this package (POST /api/track/{code}/verify), or the token of`,
          'the delivery e-mail’s rating link (the #rate= part of its address, which browsers never send: the page sends it here).',
          `stars: a whole number from 1 to 5; comment: at most ${RATING_COMMENT_MAX} characters, line breaks kept, no other control character.`,
          `Once a package, from its delivery for ${RATING_DAYS} days; every rating link of the package stops working once it is rated.`,
          'The public tracking answer never shows a rating; the audit log keeps its stars, never its comment.',
        ].join(' '),
        params: trackParamsSchema,
        body: ratingInputSchema,
        response: {
          201: ratingSchema,
          ...errorAnswers({
            401: `${RATING_CHECK_REQUIRED}; or the link was used or is not complete`,
            403: RATING_LINK_OTHER_PACKAGE,
            404: PACKAGE_NOT_FOUND,
            409: `Not delivered yet, past the ${RATING_DAYS} days, or "${ALREADY_RATED}"`,
          }),
        },
      },
      ...rateLimitFor(app, 'track'),
    },
    async (request, reply) => {
      const { code } = request.params;
      const check = checkOf(code, request.cookies[PACKAGE_CHECK_COOKIE]);
      const { token } = request.body;
      const proof = { ...(check && { check }), ...(token && { token }) };
      const rating = await ratePackage(app.db, customerActor(request), code, proof, request.body);
      reply.header('Cache-Control', 'private, no-store');
      return reply.code(201).send(rating);
    },
  );

  app.get(
    '/api/track/:code/rating',
    {
      schema: {
        tags: ['Tracking'],
        summary: 'Whether the checked recipient or sender can rate the delivery, and the rating given',
        description: `Needs the ${PACKAGE_CHECK_COOKIE} cookie of this package. until: the end of the ${RATING_DAYS} days (null before delivery).`,
        params: trackParamsSchema,
        response: {
          200: ratingStatusSchema,
          ...errorAnswers({ 401: RATING_CHECK_REQUIRED, 404: PACKAGE_NOT_FOUND }),
        },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      if (!checkOf(code, request.cookies[PACKAGE_CHECK_COOKIE])) throw new AppError(401, RATING_CHECK_REQUIRED);
      reply.header('Cache-Control', 'private, no-store');
      return getRatingStatus(app.db, code);
    },
  );
});

/** The ratings as the console shows them: a package's, and a week's on the Feedback page. */
export const ratingAdminRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/packages/:trackingCode/rating',
    {
      schema: {
        tags: ['Packages'],
        summary: "The delivery's rating by its recipient or sender, with the driver of its run",
        description: 'rating is null while the package is not rated. Cache-Control: no-store.',
        params: packageCodeParamsSchema,
        response: { 200: packageRatingAnswerSchema, ...errorAnswers({ 404: PACKAGE_NOT_FOUND }) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await getPackageRating(app.db, request.params.trackingCode)),
  );

  app.get(
    '/api/admin/feedback',
    {
      schema: {
        tags: ['Packages'],
        summary: "A week's ratings: count and average, per driver, and each rating, 1–2 stars first",
        description: [
          'week: the Monday starting the week (YYYY-MM-DD, the server’s time zone), this week by default.',
          'drivers: the driver of the run each package was delivered on, "Not on a run" (driverId null) for the others.',
          'ratings: those of 1 or 2 stars first, then the newest, at most 500 (count and the averages take them all).',
        ].join(' '),
        querystring: feedbackQuerySchema,
        response: { 200: feedbackWeekSchema },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await getFeedbackWeek(app.db, request.query.week)),
  );
});
