import {
  ACCOUNT_NOT_FOUND,
  ACCOUNT_OWNER_ONLY,
  createWebhookEndpointSchema,
  idParamsSchema,
  teamMessageSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_DELIVERY_NOT_PENDING,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TOO_MANY,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@waybill/domain';
import { z } from 'zod';
import { accountScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
} from './webhooks.service.ts';

const tags = ['Business accounts'];
const OWNER_ONLY = { 403: ACCOUNT_OWNER_ONLY };
const NOT_FOUND = { 404: `${ACCOUNT_NOT_FOUND} (also another account's)` };
const BAD_URL = {
  400: 'A URL that is not http(s), holds credentials, is not https in production, or points to a private or local address',
};

/** The portal's webhooks (owners only): endpoints, their secrets and the deliveries of their events. */
export const webhooksRoutes: RoutesPlugin = async (app, options) => {
  const { config } = options;
  const rules = () => ({ allowPrivate: config.webhooks.allowPrivateTargets, httpsOnly: config.webhooks.httpsOnly });
  await app.register(
    accountScope(async (scope) => {
      scope.get(
        '/api/account/webhooks',
        {
          schema: {
            tags,
            summary: "The account's webhook endpoints (never their secrets)",
            response: { 200: z.array(webhookEndpointSchema), ...errorAnswers(OWNER_ONLY) },
          },
        },
        async (request) => listEndpoints(scope.db, request.accountMember!),
      );

      scope.post(
        '/api/account/webhooks',
        {
          schema: {
            tags,
            summary: 'Adds a webhook endpoint: its signing secret is in this answer only',
            body: createWebhookEndpointSchema,
            response: {
              201: webhookEndpointWithSecretSchema,
              ...errorAnswers({ ...OWNER_ONLY, ...BAD_URL, 409: WEBHOOK_TOO_MANY }),
            },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          const created = await createEndpoint(scope.db, rules(), request.accountMember!, request.body, request.ip);
          return reply.code(201).send(created);
        },
      );

      scope.patch(
        '/api/account/webhooks/:id',
        {
          schema: {
            tags,
            summary: 'Changes an endpoint: its URL, description, events, or turns it on or off',
            params: idParamsSchema,
            body: updateWebhookEndpointSchema,
            response: { 200: webhookEndpointSchema, ...errorAnswers({ ...OWNER_ONLY, ...BAD_URL, ...NOT_FOUND }) },
          },
        },
        async (request) =>
          updateEndpoint(scope.db, rules(), request.accountMember!, request.params.id, request.body, request.ip),
      );

      scope.delete(
        '/api/account/webhooks/:id',
        {
          schema: {
            tags,
            summary: 'Deletes an endpoint and its deliveries',
            params: idParamsSchema,
            response: { 200: teamMessageSchema, ...errorAnswers({ ...OWNER_ONLY, ...NOT_FOUND }) },
          },
        },
        async (request) => deleteEndpoint(scope.db, request.accountMember!, request.params.id, request.ip),
      );

      scope.post(
        '/api/account/webhooks/:id/rotate-secret',
        {
          schema: {
            tags,
            summary: `A new signing secret, in this answer only; the old one keeps signing beside it for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours`,
            params: idParamsSchema,
            response: { 200: webhookEndpointWithSecretSchema, ...errorAnswers({ ...OWNER_ONLY, ...NOT_FOUND }) },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          return rotateSecret(scope.db, request.accountMember!, request.params.id, request.ip);
        },
      );

      scope.get(
        '/api/account/webhooks/:id/deliveries',
        {
          schema: {
            tags,
            summary: "The endpoint's latest deliveries, newest first: status, answer code and times",
            params: idParamsSchema,
            querystring: webhookDeliveriesQuerySchema,
            response: { 200: z.array(webhookDeliverySchema), ...errorAnswers({ ...OWNER_ONLY, ...NOT_FOUND }) },
          },
        },
        async (request) => listDeliveries(scope.db, request.accountMember!, request.params.id, request.query.status),
      );

      scope.post(
        '/api/account/webhooks/:id/deliveries/:deliveryId/resend',
        {
          schema: {
            tags,
            summary: 'Sends a delivery again now (the same webhook-id), with a new day of retries',
            params: webhookDeliveryParamsSchema,
            response: {
              200: webhookDeliverySchema,
              ...errorAnswers({ ...OWNER_ONLY, ...NOT_FOUND, 409: WEBHOOK_DELIVERY_NOT_PENDING }),
            },
          },
        },
        async (request) =>
          resendDelivery(scope.db, request.accountMember!, request.params.id, request.params.deliveryId),
      );
    }),
    options,
  );
};
