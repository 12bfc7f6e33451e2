import { UNSTORABLE_TEXT_MESSAGE } from '@waybill/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { addRouteAnswers, errorAnswer } from '../http/answers.ts';
import { isNulTextError } from './text-guard.ts';

const FASTIFY_ANSWERS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Malformed JSON body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart/form-data body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
};

/** `{ field: message }` from zod issues; the first issue of a field wins. */
function collectFieldErrors(validation: { instancePath: string; message?: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (field && !(field in errors)) errors[field] = issue.message ?? 'Invalid value';
  }
  return errors;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// What any API route may answer, whatever it does: input refused by its schema or by the text guard
// (and Fastify's own refusals of a malformed URL); for a write, a body that cannot be read.
const REFUSED_INPUT = errorAnswer('Refused input: `message` says why; `errors` names each refused field');
const BODY_TOO_LARGE = errorAnswer('Request body is too large');
const UNSUPPORTED_BODY = errorAnswer('Unsupported content type');

/** One error handler for the whole app: known errors become `{ message }`, the rest a plain 500. */
async function errorHandler(app: FastifyInstance) {
  // Declares those answers on every API route (a route's own description of a status wins).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const write = methods.some((method) => WRITE_METHODS.has(method));
    addRouteAnswers(
      route,
      write ? { 400: REFUSED_INPUT, 413: BODY_TOO_LARGE, 415: UNSUPPORTED_BODY } : { 400: REFUSED_INPUT },
    );
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = collectFieldErrors(error.validation);
      return reply.code(400).send({ message: error.validation[0]?.message ?? 'Invalid request', errors });
    }
    // A NUL character that reached the database by a way the guard does not see (multipart fields).
    if (isNulTextError(error)) return reply.code(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
    const known = error.code ? FASTIFY_ANSWERS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message });
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: error.message || 'Too many requests. Please try again later.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (e.g. a bad URL encoding) carry safe messages.
      return reply.code(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}

export default fp(errorHandler, { name: 'error-handler' });

/** The JSON 404 of an unknown API route (and of every unknown path when no web app is served). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}
