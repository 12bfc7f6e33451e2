import {
  NO_ROAD_PHOTO,
  PACKAGE_NOT_FOUND,
  packageCodeParamsSchema,
  packageRoadSchema,
  roadPhotoParamsSchema,
} from '@waybill/domain';
import { consoleScope } from '../../../http/access.ts';
import { errorAnswers, fileAnswer } from '../../../http/answers.ts';
import { getPackageRoad, readRoadPhoto } from './road-notes.service.ts';

const tags = ['Packages'];

/**
 * What the road told about a package: operators and admins only (a driver 403, a visitor 401), never
 * cached, like the proof of delivery; the public tracking answers carry none of it.
 */
export const roadNotesRoutes = consoleScope(async (app) => {
  app.get(
    '/api/admin/packages/:trackingCode/road',
    {
      schema: {
        tags,
        summary: "A package's failed delivery attempts and the driver's notes, newest first",
        description:
          'Each applied failed attempt (when, the reason, the note and the photo) and each note a driver sent ' +
          'about the package. The photos are addresses of the console’s own route (a session is needed). ' +
          'Never the driver’s position; never shown on the tracking page. Cache-Control: no-store.',
        params: packageCodeParamsSchema,
        response: { 200: packageRoadSchema, ...errorAnswers({ 404: PACKAGE_NOT_FOUND }) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await getPackageRoad(app.db, request.params.trackingCode)),
  );

  app.get(
    '/api/admin/packages/:trackingCode/road/:id/:kind',
    {
      schema: {
        tags,
        summary: 'The photo (WebP) of a failed delivery attempt, or its thumbnail',
        params: roadPhotoParamsSchema,
        response: {
          200: fileAnswer('The image; never cached (Cache-Control: no-store)'),
          ...errorAnswers({
            400: 'Refused input: "Ask for photo or thumbnail"',
            404: `${PACKAGE_NOT_FOUND} Or: ${NO_ROAD_PHOTO}`,
          }),
        },
      },
    },
    async (request, reply) => {
      const { trackingCode, id, kind } = request.params;
      const bytes = await readRoadPhoto(app, trackingCode, id, kind);
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/webp')
        .send(bytes);
    },
  );
});
