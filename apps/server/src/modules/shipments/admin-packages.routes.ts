import {
  locationDeleteSchema,
  locationUpdateInputSchema,
  pageQueryFields,
  statusUpdateSchema,
  trackingCodeBodySchema,
  trackingCodeSchema,
} from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { shipmentViewSchema } from './shipment-view.ts';
import * as shipments from './shipments.service.ts';

export const DEFAULT_PAGE_SIZE = 24;

const listQuerySchema = z.object({
  ...pageQueryFields(DEFAULT_PAGE_SIZE),
  q: z.string().max(200).optional(),
  status: z.string().max(200).optional(),
});

const codeParams = z.object({ trackingCode: trackingCodeSchema });
const packageAnswer = { 200: shipmentViewSchema };
// Writes whose repeat would add a second update or answer 409/404 after the first succeeded: a repeat
// with the same Idempotency-Key replays the first answer instead.
const keyed = { idempotency: 'body' } as const;

/** Console package routes; the auth plugin guards everything under /api/admin. */
export const adminPackagesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  app.get(
    '/api/admin/packages',
    { schema: { querystring: listQuerySchema, response: { 200: z.array(shipmentViewSchema) } } },
    async (request, reply) => {
      const query = request.query;
      const { items, total } = await shipments.listShipments(app, query);
      reply.header('X-Total-Count', total).header('X-Page', query.page).header('X-Page-Size', query.pageSize);
      if (query.page * query.pageSize < total) {
        const next = new URLSearchParams({ page: String(query.page + 1), pageSize: String(query.pageSize) });
        if (query.q) next.set('q', query.q);
        if (query.status) next.set('status', query.status);
        reply.header('X-Next-Page', query.page + 1).header('Link', `</api/admin/packages?${next}>; rel="next"`);
      }
      return items;
    },
  );

  app.get(
    '/api/admin/package-stats',
    { schema: { response: { 200: z.object({ total: z.number(), byStatus: z.record(z.string(), z.number()) }) } } },
    async () => shipments.getShipmentStats(app),
  );

  app.get(
    '/api/admin/packages/:trackingCode',
    { schema: { params: codeParams, response: packageAnswer } },
    async (request) => shipments.getShipment(app, request.params.trackingCode),
  );

  app.post(
    '/api/admin/accept',
    { schema: { body: trackingCodeBodySchema, response: packageAnswer }, config: keyed },
    async (request) => shipments.acceptShipment(app, request.body.trackingCode),
  );

  app.post(
    '/api/admin/reject',
    { schema: { body: trackingCodeBodySchema, response: packageAnswer }, config: keyed },
    async (request) => shipments.rejectShipment(app, request.body.trackingCode),
  );

  app.post(
    '/api/admin/update-status',
    { schema: { body: statusUpdateSchema, response: packageAnswer } },
    async (request) => shipments.changeShipmentStatus(app, request.body.trackingCode, request.body.status),
  );

  app.post(
    '/api/admin/location-update',
    { schema: { body: locationUpdateInputSchema, response: { 201: shipmentViewSchema } }, config: keyed },
    async (request, reply) =>
      reply.code(201).send(await shipments.addLocationUpdate(app, request.body.trackingCode, request.body.location)),
  );

  app.delete(
    '/api/admin/location-update',
    { schema: { body: locationDeleteSchema, response: packageAnswer }, config: keyed },
    async (request) => shipments.removeLocationUpdate(app, request.body.trackingCode, request.body.timestamp),
  );

  app.delete(
    '/api/admin/packages/:trackingCode',
    {
      schema: { params: codeParams, response: { 200: z.object({ message: z.string(), trackingCode: z.string() }) } },
      config: keyed,
    },
    async (request) => shipments.deleteShipment(app, request.params.trackingCode, request.log),
  );
};
