import { trackingCodeSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { trackShipment } from './tracking.service.ts';

export const trackingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  app.get(
    '/api/track/:code',
    {
      // The 200 answer is JSON text the database builds in the trackResultSchema shape, sent as is
      // (no response schema: a string skips the serialiser; tracking.test.ts checks it against the schema).
      schema: { params: z.object({ code: trackingCodeSchema }) },
      ...rateLimitFor(app, 'track'),
    },
    async (request, reply) => {
      const json = await trackShipment(app.db, request.params.code);
      return reply.header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(json);
    },
  );
};
