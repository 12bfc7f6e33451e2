// /api/v1's errors as RFC 9457 problem details: `application/problem+json`, with each field that failed.
import { PROBLEM_CONTENT_TYPE, type Problem, problemSchema } from '@waybill/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Same words for a missing, malformed, unknown, revoked or another account's key: nothing to tell them apart. */
export const KEY_REFUSED = 'A valid API key is required: Authorization: Bearer wb_live_…';

const FASTIFY_ANSWERS: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: 'Malformed JSON body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: 'Malformed JSON body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'Send JSON (Content-Type: application/json)' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'The body is larger than 64 KB' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'Invalid content length' },
};

export function problemOf(status: number, detail?: string, errors?: Problem['errors']): Problem {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail !== undefined ? { detail } : {}),
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** Sends a problem as text, so no serialiser of the route reshapes it. */
export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/** What a route of /api/v1 declares for an error status (the document names its media type as problem+json). */
export function problemAnswer(description: string): z.ZodType {
  return problemSchema.describe(description);
}

/** The error handler of the /api/v1 scope: every refusal a problem, anything unexpected a bare 500. */
export function useProblemErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const errors = error.errors
        ? Object.entries(error.errors).map(([field, detail]) => ({ field, detail }))
        : undefined;
      return sendProblem(reply, problemOf(error.statusCode, error.message, errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(issue.params?.missingProperty ?? ''),
        detail: issue.message ?? 'Invalid value',
      }));
      return sendProblem(reply, problemOf(400, errors[0]?.detail ?? 'Invalid request', errors));
    }
    const known = error.code ? FASTIFY_ANSWERS[error.code] : undefined;
    if (known) return sendProblem(reply, problemOf(known.status, known.detail));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(reply, problemOf(error.statusCode, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problemOf(500));
  });
}
