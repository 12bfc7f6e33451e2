import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicScope } from '../http/access.ts';
import { addRouteAnswers, fileAnswer } from '../http/answers.ts';
import { XSRF_COOKIE, XSRF_COOKIE_HTTPS, XSRF_HEADER } from './xsrf.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Only the JSON API is described: not the web app's pages (the console's path is not public), nor these docs. */
function isDescribed(url: string): boolean {
  // /api/v1 has a document of its own (modules/v1).
  return (
    url.startsWith('/api/') &&
    !url.startsWith('/api/v1/') &&
    url !== OPENAPI_PATH &&
    url !== DOCS_PATH &&
    !url.startsWith(`${DOCS_PATH}/`)
  );
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * `GET /api/track/:code` → `getTrackByCode`: every operation gets a stable name (the reference links
 * to it, clients and the contract test key on it) without each route spelling one out; a route that
 * declares `operationId` keeps its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[-.]/)));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * Each route's zod schemas as JSON Schema, and what it takes to call it: the session cookie on the
 * routes of a console scope, the anti-forgery header on every write.
 */
function describeRoute(input: TransformInput) {
  if (!isDescribed(input.url)) return { schema: { hide: true }, url: input.url };
  const { schema, url } = zodTransform(input);
  const { route } = input as TransformInput & {
    route: { method: string | string[]; config?: { access?: string; antiForgery?: string } };
  };
  const methods = [route.method].flat();
  const write = methods.some((method) => UNSAFE_METHODS.has(method)) && route.config?.antiForgery !== 'token-in-link';
  const access = route.config?.access;
  const requirement = {
    ...(access === 'account' ? { accountSession: [] } : {}),
    ...(access !== undefined && access !== 'public' && access !== 'account' ? { operatorSession: [] } : {}),
    ...(write ? { antiForgery: [] } : {}),
  };
  const operationId = (schema as { operationId?: string }).operationId ?? operationIdOf(methods[0] ?? 'GET', input.url);
  return {
    schema: { ...schema, operationId, security: Object.keys(requirement).length > 0 ? [requirement] : [] },
    url,
  };
}

/** Every `$ref` target named anywhere in a part of the document. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child.replace('#/components/schemas/', ''));
      else referencedSchemas(child, found);
    }
  }
  return found;
}

/**
 * The shared schemas (those with an id in packages/domain) as components, keeping only those the
 * document uses: the zod provider emits an input twin (`PackageInput`) of every one, needed or not.
 */
const describeComponents: typeof jsonSchemaTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as ReturnType<typeof jsonSchemaTransformObject> & {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = referencedSchemas(document.paths);
  for (let grown = true; grown; ) {
    const before = used.size;
    for (const name of [...used]) referencedSchemas(schemas[name], used);
    grown = used.size > before;
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } } as typeof document;
};

/**
 * The OpenAPI 3.1 description of the API, generated from the routes' own schemas as they are
 * registered. Registered before any route, so its hook sees them all.
 */
async function openapi(
  app: FastifyInstance,
  { sessionCookie, accountSessionCookie }: { sessionCookie: string; accountSessionCookie: string },
) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waybill API',
        version: '1.0.0',
        description:
          'JSON over HTTP. Every answer outside 2xx is `{ message }`, with `errors: { field: message }` when ' +
          'fields are refused. Writes need the anti-forgery header; console operations a signed-in session. ' +
          'Conventions (sessions, paging, rate limits, Idempotency-Key, limits on numbers, dates and text): ' +
          'docs/API.md.',
      },
      components: {
        securitySchemes: {
          operatorSession: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description: 'Set by POST /api/auth/login (httpOnly, SameSite=Lax); ends after 12 hours idle or 7 days.',
          },
          accountSession: {
            type: 'apiKey',
            in: 'cookie',
            name: accountSessionCookie,
            description:
              "A business customer's session, set by POST /api/account/sign-in (httpOnly, SameSite=Lax); never an operator's.",
          },
          antiForgery: {
            type: 'apiKey',
            in: 'header',
            name: XSRF_HEADER.replace(/\b\w/g, (letter) => letter.toUpperCase()),
            description: `The value of the ${XSRF_COOKIE} cookie (${XSRF_COOKIE_HTTPS} when the site is served over https), which any answer sets when the client has none or one that is not its session's; it changes at sign-in and sign-out.`,
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: describeComponents,
  });
}

export default fp(openapi, { name: 'openapi' });

/** The outline of the description as its routes answer it (the rest is JSON Schema, free-form here). */
const openApiDocument = z
  .looseObject({
    openapi: z.string().startsWith('3.1.'),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('The OpenAPI 3.1 description of the API');

/** What the reference's own routes (added by @fastify/swagger-ui under `docsPath`) answer. */
export function docsAnswers(url: string, docsPath = DOCS_PATH): Record<number, z.ZodType> {
  if (url === `${docsPath}/json`) return { 200: openApiDocument };
  if (url.endsWith('/static/index.html')) return { 302: fileAnswer(`Redirects to ${docsPath}`) };
  return { 200: fileAnswer('The API reference: its page, script and styles, or the description as YAML') };
}

/** GET /api/openapi.json, and a readable reference at /api/docs served from local files (no CDN). */
export const apiDocsRoutes = publicScope(async (app) => {
  app.addHook('onRoute', (route) => addRouteAnswers(route, docsAnswers(route.url)));
  app.get(OPENAPI_PATH, { schema: { hide: true, response: { 200: openApiDocument } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    // Parsed here for its type: @fastify/swagger types the document as any OpenAPI or Swagger version.
    return openApiDocument.parse(app.swagger());
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
  });
});
