import { planInputSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { createPlan, editPlan, listPlans } from './plans.service.ts';

export const planSchema = z.object({
  _id: z.string(),
  name1: z.string(),
  name2: z.string(),
  name3: z.string(),
  price1: z.number(),
  price2: z.number(),
  price3: z.number(),
  description1: z.string(),
  description2: z.string(),
  description3: z.string(),
});

const idParams = z.object({ id: z.string() });

export const plansRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app) => {
  app.get('/api/plans', { schema: { response: { 200: z.array(planSchema) } } }, async () => listPlans(app.db));

  app.post(
    '/api/create-plan',
    { schema: { body: planInputSchema, response: { 201: planSchema } }, config: { idempotency: 'body' } },
    async (request, reply) => reply.code(201).send(await createPlan(app.db, request.body)),
  );

  app.put(
    '/api/edit-plan/:id',
    { schema: { params: idParams, body: planInputSchema, response: { 200: planSchema } } },
    async (request) => editPlan(app.db, request.params.id, request.body),
  );
};
