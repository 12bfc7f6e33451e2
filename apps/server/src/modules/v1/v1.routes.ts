import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  IDEMPOTENCY_KEY_HEADER,
  PACKAGE_NOT_FOUND,
  SHIPMENT_NOT_PENDING,
  V1_BODY_LIMIT,
  v1LabelQuerySchema,
  v1ShipmentInputSchema,
  v1ShipmentListQuerySchema,
  v1ShipmentListSchema,
  v1ShipmentParamsSchema,
  v1ShipmentSchema,
} from '@waybill/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { RoutesPlugin } from '../../http/access.ts';
import { addRouteAnswers, fileAnswer } from '../../http/answers.ts';
import { docsAnswers } from '../../plugins/openapi.ts';
import { memberAuditActor } from '../accounts/account-auth.service.ts';
import {
  CURSOR_INVALID,
  cancelShipment,
  fromV1Input,
  shipForAccount,
  shipmentLabel,
  toV1Shipment,
  v1Shipment,
  v1ShipmentPage,
} from '../accounts/account-shipments.service.ts';
import { accountOfApiKey } from '../accounts/accounts.service.ts';
import { API_KEYS_CHANNEL, ApiKeyCache } from '../accounts/api-key-cache.ts';
import { rendering, sendPdf } from '../labels/label-answers.ts';
import { LABELS_BUSY } from '../labels/label-renderer.ts';
import { KEY_REFUSED, problemAnswer, problemOf, sendProblem, useProblemErrors } from './problems.ts';

export const V1_OPENAPI_PATH = '/api/v1/openapi.json';
export const V1_DOCS_PATH = '/api/v1/docs';
const tags = ['Shipments'];
const POLICY = 'per-key';

const COMMON_ANSWERS = {
  400: problemAnswer('A refused request: `errors` names each field that failed'),
  401: problemAnswer(`${KEY_REFUSED} (the same for a missing, malformed, unknown or revoked key)`),
  429: problemAnswer('Over the limit of requests a minute for this key; Retry-After says when to try again').meta({
    headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the window ends' } },
  }),
};
/** A label's 429: the key's limit, or this process already drawing as many labels as it draws at once. */
const LABEL_TOO_MANY = problemAnswer(
  `Over the limit of requests a minute for this key, or the labels being drawn right now fill the printers: "${LABELS_BUSY}"; Retry-After says when to try again`,
).meta({ headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before asking again' } } });
const WRITE_ANSWERS = {
  ...COMMON_ANSWERS,
  413: problemAnswer('The body is larger than 64 KB'),
  415: problemAnswer('The body is not JSON'),
};
const NOT_FOUND = { 404: problemAnswer(`${PACKAGE_NOT_FOUND} (also a shipment of another account)`) };

/** The v1 routes' description: their own document, with errors as problem+json and the bearer key. */
const zodTransform = createJsonSchemaTransform({ skipList: [] });
function describeV1Route(input: Parameters<typeof zodTransform>[0]) {
  if (!input.url.startsWith('/api/v1/shipments')) return { schema: { hide: true }, url: input.url };
  const { schema, url } = zodTransform(input);
  return { schema: { ...schema, security: [{ apiKey: [] }] }, url };
}
const describeV1Document: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as { paths?: Record<string, Record<string, unknown>> };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = (operation as { responses?: Record<string, { content?: Record<string, unknown> }> }).responses;
      for (const [status, answer] of Object.entries(responses ?? {})) {
        const json = answer.content?.['application/json'];
        if (Number(status) >= 400 && json) answer.content = { 'application/problem+json': json };
      }
    }
  }
  return document as ReturnType<typeof jsonSchemaTransformObject>;
};

const openApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

declare module 'fastify' {
  interface FastifyInstance {
    /** The /api/v1 document (its own @fastify/swagger, apart from the site's). */
    swaggerV1?: () => unknown;
  }
}

/**
 * The web shops' API: its own scope (errors as problems, 64 KB bodies, a bearer key read from the
 * database and kept until the database announces a change of it or its account, a limit per key
 * counted as the public limits are, for every process), its own OpenAPI document and reference page.
 */
export const v1Routes: RoutesPlugin = async (app, { config }) => {
  const limit = config.rateLimits.apiKey;
  const windowSeconds = Math.round(limit.timeWindowMs / 1000);
  const shipmentDeps = { db: app.db, storage: app.storage, config };

  await app.register(swagger, {
    decorator: 'swaggerV1',
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waybill API v1',
        version: '1.0.0',
        description:
          'For web shops: create shipments, follow them, print their labels. Authenticate with an API key ' +
          'created in the business account (`Authorization: Bearer wb_live_…`). Errors are RFC 9457 problem ' +
          `details (application/problem+json). Bodies up to 64 KB. ${limit.max} requests per key each ` +
          `${windowSeconds} s, told in the RateLimit-Policy and RateLimit headers. POST takes an ${IDEMPOTENCY_KEY_HEADER}.`,
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key: wb_live_ and 43 characters' },
        },
      },
    },
    transform: describeV1Route,
    transformObject: describeV1Document,
  } as Parameters<typeof swagger>[1]);
  useProblemErrors(app);

  const keys = new ApiKeyCache();
  app.databaseChanges.subscribe(API_KEYS_CHANNEL, {
    changed: (accountId) => keys.changed(accountId),
    listening: (on) => {
      keys.enabled = on;
    },
  });

  const isApi = (url: string) => url.startsWith('/api/v1/shipments');
  app.addHook('onRoute', (route) => {
    route.config = {
      ...route.config,
      access: isApi(route.url) ? 'api-key' : 'public',
      ...(isApi(route.url) ? { antiForgery: 'bearer-key' as const } : {}),
    };
    if (isApi(route.url)) route.bodyLimit = V1_BODY_LIMIT;
    else addRouteAnswers(route, docsAnswers(route.url, V1_DOCS_PATH));
  });

  async function requireKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!isApi(request.routeOptions.url ?? '')) return;
    const header = request.headers.authorization;
    const key = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const client = key ? await accountOfApiKey(app.db, key, keys) : undefined;
    if (!client) {
      reply.header('WWW-Authenticate', 'Bearer');
      throw new AppError(401, KEY_REFUSED);
    }
    request.apiClient = client;
    const hit = await app.countRequest(`v1 ${client.keyId}`, limit.timeWindowMs, limit.max);
    const reset = Math.max(1, Math.ceil(hit.ttl / 1000));
    reply.header('RateLimit-Policy', `"${POLICY}";q=${limit.max};w=${windowSeconds}`);
    reply.header('RateLimit', `"${POLICY}";r=${Math.max(0, limit.max - hit.current)};t=${reset}`);
    if (hit.current > limit.max) {
      reply.header('Retry-After', reset);
      throw new AppError(429, `Over ${limit.max} requests in ${windowSeconds} seconds for this key`);
    }
  }
  app.addHook('onRequest', requireKey);
  const accountOf = (request: FastifyRequest) => request.apiClient!.accountId;

  app.post(
    '/api/v1/shipments',
    {
      schema: {
        tags,
        summary: 'Creates a shipment (Pending until the courier accepts it); the account is its sender',
        body: v1ShipmentInputSchema,
        response: {
          201: v1ShipmentSchema,
          ...WRITE_ANSWERS,
          409: problemAnswer('A request with this Idempotency-Key is still being processed').meta({
            headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before repeating' } },
          }),
          422: problemAnswer('This Idempotency-Key was already used for a different request'),
        },
      },
      config: { idempotency: 'body' },
    },
    async (request, reply) => {
      const { accountId, sender } = request.apiClient!;
      const row = await shipForAccount(
        shipmentDeps,
        memberAuditActor(request.ip),
        accountId,
        fromV1Input(request.body),
        sender,
      );
      return reply.code(201).send(toV1Shipment(row, []));
    },
  );

  app.get(
    '/api/v1/shipments',
    {
      schema: {
        tags,
        summary: "The account's shipments, newest first: a page after `cursor`; filters by status and creation time",
        querystring: v1ShipmentListQuerySchema,
        response: { 200: v1ShipmentListSchema, ...COMMON_ANSWERS },
      },
    },
    async (request, reply) => {
      const page = await v1ShipmentPage(app.db, accountOf(request), request.query);
      if (!page)
        return sendProblem(reply, problemOf(400, CURSOR_INVALID, [{ field: 'cursor', detail: CURSOR_INVALID }]));
      return page;
    },
  );

  app.get(
    '/api/v1/shipments/:code',
    {
      schema: {
        tags,
        summary: 'One shipment with its events',
        params: v1ShipmentParamsSchema,
        response: { 200: v1ShipmentSchema, ...COMMON_ANSWERS, ...NOT_FOUND },
      },
    },
    async (request) => v1Shipment(app.db, accountOf(request), request.params.code),
  );

  app.get(
    '/api/v1/shipments/:code/label',
    {
      schema: {
        tags,
        summary: 'The shipping label as PDF (4x6 or A4) once the courier accepted the shipment',
        params: v1ShipmentParamsSchema,
        querystring: v1LabelQuerySchema,
        response: {
          200: fileAnswer('application/pdf: the label'),
          ...COMMON_ANSWERS,
          429: LABEL_TOO_MANY,
          ...NOT_FOUND,
          409: problemAnswer('The shipment is still Pending, or was rejected: it has no label'),
        },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const pdf = await rendering(reply, () =>
        shipmentLabel(shipmentDeps, accountOf(request), code, request.query.size),
      );
      return sendPdf(reply, request.log, pdf, `label-${code}.pdf`);
    },
  );

  app.delete(
    '/api/v1/shipments/:code',
    {
      schema: {
        tags,
        summary: 'Cancels a shipment while it is Pending (it is removed)',
        params: v1ShipmentParamsSchema,
        response: {
          204: z.null().describe('Cancelled'),
          ...WRITE_ANSWERS,
          ...NOT_FOUND,
          409: problemAnswer(SHIPMENT_NOT_PENDING),
        },
      },
    },
    async (request, reply) => {
      await cancelShipment(shipmentDeps, memberAuditActor(request.ip), accountOf(request), request.params.code);
      return reply.code(204).send(null);
    },
  );

  app.get(V1_OPENAPI_PATH, { schema: { hide: true, response: { 200: openApiDocument } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return openApiDocument.parse(app.swaggerV1!());
  });
  await app.register(swaggerUi, {
    routePrefix: V1_DOCS_PATH,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
    transformSpecification: () => app.swaggerV1!() as Record<string, unknown>,
  });
};
