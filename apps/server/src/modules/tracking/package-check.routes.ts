import {
  apiErrorSchema,
  CHECK_DOES_NOT_MATCH,
  checkTriesUsed,
  DELIVERY_DAY_OUT_OF_RANGE,
  deliveryPreferencesInputSchema,
  deliveryPreferencesSchema,
  PACKAGE_CHECK_MINUTES,
  PACKAGE_CHECK_REQUIRED,
  PACKAGE_CHECK_TRIES,
  PACKAGE_NOT_FOUND,
  packageCheckInputSchema,
  packageCheckStateSchema,
  trackParamsSchema,
} from '@waybill/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { publicScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { customerActor } from '../audit/audit.service.ts';
import { getDeliveryPreferences, setDeliveryPreferences } from './delivery-preferences.service.ts';
import { ChecksUsedError, checkPackage, readCheckToken, writeCheckToken } from './package-check.service.ts';

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

  /** The check the request's cookie carries for this package: 401 without one that holds. */
  const checkOf = (request: FastifyRequest<{ Params: { code: string } }>) => {
    const check = readCheckToken(
      app.serverKeys.packageCheck,
      request.params.code,
      request.cookies[PACKAGE_CHECK_COOKIE],
    );
    if (!check) throw new AppError(401, PACKAGE_CHECK_REQUIRED);
    return check;
  };

  app.get(
    '/api/track/:code/check',
    {
      schema: {
        tags: ['Tracking'],
        summary: "Whether this browser's check proves its visitor the package's recipient or sender",
        description: [
          `Reads the ${PACKAGE_CHECK_COOKIE} cookie of this package, if any: the page asks this before it offers the choices or the rating, so a visitor who is not checked sees the check, with no refused request.`,
          'The same answer for every code without a valid cookie: it never says whether a package exists. Cache-Control: private, no-store.',
        ].join(' '),
        params: trackParamsSchema,
        response: { 200: packageCheckStateSchema },
      },
    },
    async (request, reply) => {
      const check = readCheckToken(
        app.serverKeys.packageCheck,
        request.params.code,
        request.cookies[PACKAGE_CHECK_COOKIE],
      );
      reply.header('Cache-Control', 'private, no-store');
      return check
        ? { checked: true, as: check.role, until: check.expiresAt.toISOString() }
        : { checked: false, as: null, until: null };
    },
  );

  const preferencesAnswers = errorAnswers({ 401: PACKAGE_CHECK_REQUIRED, 404: PACKAGE_NOT_FOUND });

  app.get(
    '/api/track/:code/preferences',
    {
      schema: {
        tags: ['Tracking'],
        summary: 'How the checked recipient or sender wants the package delivered',
        description: `Needs the ${PACKAGE_CHECK_COOKIE} cookie of this package (POST /api/track/{code}/verify).`,
        params: trackParamsSchema,
        response: { 200: deliveryPreferencesSchema, ...preferencesAnswers },
      },
    },
    async (request, reply) => {
      checkOf(request);
      reply.header('Cache-Control', 'private, no-store');
      return getDeliveryPreferences(app.db, request.params.code, app.config.company.name);
    },
  );

  app.put(
    '/api/track/:code/preferences',
    {
      schema: {
        tags: ['Tracking'],
        summary:
          'Sets the delivery instructions, the safe place and the delivery day, until the package is out for delivery',
        description: [
          `Needs the ${PACKAGE_CHECK_COOKIE} cookie of this package (POST /api/track/{code}/verify).`,
          'Instructions: at most 300 characters, line breaks kept, no other control character; shown to the driver and the operators, never printed on the label.',
          'safePlace.kind: none, front_door, back_door, reception or neighbour (with neighbourName, 1–100 characters, and neighbourHouse, 1–50).',
          'deliveryDay: one of the GET answer’s deliveryDays (the next 10 working days from the estimated delivery, never before tomorrow; none before the package is accepted), or null for the estimated delivery as it was; a chosen day moves the estimated delivery and takes the package off the runs of other days. A day not among them: 400 (not a working day, a holiday, or out of range).',
          'Replaces what was set; recorded in the package’s history with who set it. 409 once the package is Out for Delivery, Delivered, Returning to sender or Rejected.',
        ].join(' '),
        params: trackParamsSchema,
        body: deliveryPreferencesInputSchema,
        response: {
          200: deliveryPreferencesSchema,
          ...preferencesAnswers,
          ...errorAnswers({ 400: DELIVERY_DAY_OUT_OF_RANGE }),
          ...errorAnswers({ 409: 'The package is out for delivery, or its journey is over' }),
        },
      },
    },
    async (request, reply) => {
      const check = checkOf(request);
      reply.header('Cache-Control', 'private, no-store');
      return setDeliveryPreferences(app.db, customerActor(request), check, request.body, app.config.company.name);
    },
  );
});
