import {
  DECIDE_FIRST,
  deletedPackageSchema,
  ESTIMATED_DELIVERY_DAYS,
  locationDeleteSchema,
  locationUpdateInputSchema,
  NO_SUCH_UPDATE,
  ONLY_PENDING_ACCEPTED,
  ONLY_PENDING_REJECTED,
  PACKAGE_NOT_FOUND,
  packageAnswerSchema,
  packageCodeParamsSchema,
  packageListQuerySchema,
  packageStatsSchema,
  statusUpdateSchema,
  trackingCodeBodySchema,
} from '@waybill/domain';
import { consoleScope } from '../../http/access.ts';
import { errorAnswer, errorAnswers } from '../../http/answers.ts';
import { pageAnswer, sendPage } from '../../http/paging.ts';
import { operatorActor } from '../audit/audit.service.ts';
import * as reads from './package-reads.service.ts';
import * as packages from './packages.service.ts';

const tags = ['Packages'];
const unknownPackage = errorAnswer(PACKAGE_NOT_FOUND);
// Writes whose repeat would add a second update or answer 409/404 after the first succeeded: a repeat
// with the same Idempotency-Key replays the first answer instead.
const keyed = { idempotency: 'body' } as const;

/** The console's package routes. */
export const adminPackagesRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/packages',
    {
      schema: {
        tags,
        summary: 'The packages, newest first, a page at a time; optionally found by text, status or need of attention',
        description: `A search (q) that is a whole tracking code or e-mail address some package has lists just those packages; other text is found inside the code, names, e-mails and phones. A search or the Needs attention list (attention=1) is counted up to ${reads.SEARCH_COUNT_CAP} matches: past it X-Total-Count is ${reads.SEARCH_COUNT_CAP} and X-Total-Count-Capped says so.`,
        querystring: packageListQuerySchema,
        response: { 200: pageAnswer(packageAnswerSchema, { capped: true }) },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      return sendPage(request, reply, { ...(await reads.listPackages(app, request.query)), page, pageSize });
    },
  );

  app.get(
    '/api/admin/package-stats',
    {
      schema: {
        tags,
        summary: 'How many packages there are, in all and per exact status',
        response: { 200: packageStatsSchema },
      },
    },
    async () => reads.getPackageStats(app),
  );

  app.get(
    '/api/admin/packages/:trackingCode',
    {
      schema: {
        tags,
        summary: 'One package with its location updates',
        params: packageCodeParamsSchema,
        response: { 200: packageAnswerSchema, 404: unknownPackage },
      },
    },
    async (request) => reads.getPackage(app, request.params.trackingCode),
  );

  app.post(
    '/api/admin/accept',
    {
      schema: {
        tags,
        summary: `Accepts a Pending package: "Order Placed", estimated delivery ${ESTIMATED_DELIVERY_DAYS} days later`,
        body: trackingCodeBodySchema,
        response: {
          200: packageAnswerSchema,
          404: unknownPackage,
          ...errorAnswers({ 409: ONLY_PENDING_ACCEPTED }),
        },
      },
      config: keyed,
    },
    async (request) => packages.acceptPackage(app, operatorActor(request), request.body.trackingCode),
  );

  app.post(
    '/api/admin/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a Pending package',
        body: trackingCodeBodySchema,
        response: {
          200: packageAnswerSchema,
          404: unknownPackage,
          ...errorAnswers({ 409: ONLY_PENDING_REJECTED }),
        },
      },
      config: keyed,
    },
    async (request) => packages.rejectPackage(app, operatorActor(request), request.body.trackingCode),
  );

  app.post(
    '/api/admin/update-status',
    {
      schema: {
        tags,
        summary: 'Sets a listed status or custom text, once the package was accepted or rejected',
        body: statusUpdateSchema,
        response: {
          200: packageAnswerSchema,
          404: unknownPackage,
          ...errorAnswers({
            400: 'Refused input: "Enter a custom status" for a blank status or the literal "Custom Status"',
            409: DECIDE_FIRST,
          }),
        },
      },
    },
    async (request) =>
      packages.changePackageStatus(app, operatorActor(request), request.body.trackingCode, request.body.status),
  );

  app.post(
    '/api/admin/location-update',
    {
      schema: {
        tags,
        summary: "Adds a location update stamped with the server's time",
        body: locationUpdateInputSchema,
        response: { 201: packageAnswerSchema, 404: unknownPackage },
      },
      config: keyed,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await packages.addLocationUpdate(
            app,
            operatorActor(request),
            request.body.trackingCode,
            request.body.location,
          ),
        ),
  );

  app.delete(
    '/api/admin/location-update',
    {
      schema: {
        tags,
        summary: 'Removes the location update with exactly this timestamp (millisecond precision)',
        body: locationDeleteSchema,
        response: {
          200: packageAnswerSchema,
          ...errorAnswers({ 404: `${PACKAGE_NOT_FOUND} Or: ${NO_SUCH_UPDATE}` }),
        },
      },
      config: keyed,
    },
    async (request) =>
      packages.removeLocationUpdate(app, operatorActor(request), request.body.trackingCode, request.body.timestamp),
  );

  app.delete(
    '/api/admin/packages/:trackingCode',
    {
      schema: {
        tags,
        summary: 'Removes a package for good, with its images and location updates',
        params: packageCodeParamsSchema,
        response: { 200: deletedPackageSchema, 404: unknownPackage },
      },
      config: keyed,
    },
    async (request) => packages.deletePackage(app, operatorActor(request), request.params.trackingCode, request.log),
  );
});
