import { trackParamsSchema, trackResultSchema } from '@waybill/domain';
import { publicScope } from '../../http/access.ts';
import { errorAnswers, sendJsonText } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { PACKAGE_NOT_FOUND } from '../shipments/shipments.service.ts';
import { trackShipment } from './tracking.service.ts';

export const trackingRoutes = publicScope(async (app) => {
  app.get(
    '/api/track/:code',
    {
      schema: {
        tags: ['Tracking'],
        summary: 'The public status of a package: no names, e-mails, phones or addresses',
        params: trackParamsSchema,
        // The 200 answer is JSON text the database builds in this shape, sent as it is: a string skips
        // the serialiser (tracking.test.ts checks the text against the schema).
        response: { 200: trackResultSchema, ...errorAnswers({ 404: PACKAGE_NOT_FOUND }) },
      },
      ...rateLimitFor(app, 'track'),
    },
    async (request, reply) => {
      const json = await trackShipment(app.db, request.params.code);
      return sendJsonText(reply.header('Cache-Control', 'no-store'), json);
    },
  );
});
