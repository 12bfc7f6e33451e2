import {
  companySettingsSchema,
  contactDetailsInputSchema,
  contactDetailsSchema,
  contactWire,
  DETAILS_EXIST,
  DETAILS_NOT_FOUND,
  idParamsSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { adminScope, publicScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { operatorActor } from '../audit/audit.service.ts';
import { createContactDetails, editContactDetails, listContactDetails } from './company-details.service.ts';

const tags = ['Plan and contact details'];

/** The company settings from the environment and the contact details an operator edits. */
export const companyDetailsRoutes: RoutesPlugin = async (app, options) => {
  await app.register(
    publicScope(async (scope, { config }) => {
      scope.get(
        '/api/company',
        {
          schema: {
            tags,
            summary: 'The company settings of the server (COMPANY_*)',
            description:
              '`whatsapp` is the chat link the site uses until an operator saves one in the contact details.',
            response: { 200: companySettingsSchema },
          },
        },
        async () => config.company,
      );

      scope.get(
        '/api/details',
        {
          schema: {
            tags,
            summary: 'The contact details: an empty list, or one record (only the first counts)',
            response: { 200: z.array(contactDetailsSchema) },
          },
        },
        async () => (await listContactDetails(scope.db)).map(contactWire.toWire),
      );
    }),
    options,
  );

  // Reading them is public; changing them is the admins'.
  await app.register(
    adminScope(async (scope) => {
      scope.post(
        '/api/details',
        {
          schema: {
            tags,
            summary: 'Saves the contact details',
            body: contactDetailsInputSchema,
            response: { 201: contactDetailsSchema, ...errorAnswers({ 409: DETAILS_EXIST }) },
          },
          config: { idempotency: 'body' },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              contactWire.toWire(
                await createContactDetails(scope.db, operatorActor(request), contactWire.fromWire(request.body)),
              ),
            ),
      );

      scope.put(
        '/api/details/:id',
        {
          schema: {
            tags,
            summary: 'Replaces the saved contact details',
            params: idParamsSchema,
            body: contactDetailsInputSchema,
            response: {
              200: contactDetailsSchema,
              ...errorAnswers({ 404: `${DETAILS_NOT_FOUND} (an unknown or malformed id)` }),
            },
          },
        },
        async (request) =>
          contactWire.toWire(
            await editContactDetails(
              scope.db,
              operatorActor(request),
              request.params.id,
              contactWire.fromWire(request.body),
            ),
          ),
      );
    }),
    options,
  );
};
