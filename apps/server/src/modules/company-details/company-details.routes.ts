import { companySettingsSchema, contactDetailsInputSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { createContactDetails, editContactDetails, listContactDetails } from './company-details.service.ts';

const contactDetailsSchema = z.object({
  _id: z.string(),
  phone: z.string(),
  email: z.string(),
  watsapp: z.string(),
  address: z.array(z.string()),
});

const idParams = z.object({ id: z.string() });

/** The company settings from the environment and the contact details an operator edits. */
export const companyDetailsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get('/api/company', { schema: { response: { 200: companySettingsSchema } } }, async () => config.company);

  app.get('/api/details', { schema: { response: { 200: z.array(contactDetailsSchema) } } }, async () =>
    listContactDetails(app.db),
  );

  app.post(
    '/api/details',
    {
      schema: { body: contactDetailsInputSchema, response: { 201: contactDetailsSchema } },
      config: { idempotency: 'body' },
    },
    async (request, reply) => reply.code(201).send(await createContactDetails(app.db, request.body)),
  );

  app.put(
    '/api/details/:id',
    { schema: { params: idParams, body: contactDetailsInputSchema, response: { 200: contactDetailsSchema } } },
    async (request) => editContactDetails(app.db, request.params.id, request.body),
  );
};
