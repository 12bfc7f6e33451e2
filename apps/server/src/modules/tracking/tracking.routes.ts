import { trackingCodeSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { trackResultSchema } from '../shipments/shipment-view.ts';
import { trackShipment } from './tracking.service.ts';

export const trackingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  app.get(
    '/api/track/:code',
    {
      schema: { params: z.object({ code: trackingCodeSchema }), response: { 200: trackResultSchema } },
      config: rateLimitFor(app, 'track'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return trackShipment(app.db, request.params.code);
    },
  );
};
