import { apiErrorSchema } from '@waybill/domain';
import type { FastifyReply, RouteOptions } from 'fastify';
import { z } from 'zod';

/** An error answer of a route: the `{ message, errors? }` body, with what the status means there. */
export function errorAnswer(description: string): z.ZodType {
  return apiErrorSchema.describe(description);
}

/**
 * The answer of a route that sends a file or a page rather than JSON (a stored image, the API
 * reference, a page of the web app). Fastify never runs a string, a buffer or a file stream through
 * the serialiser, so this only declares the answer; such routes are left out of the API description.
 */
export function fileAnswer(description: string): z.ZodType {
  return z.string().describe(description);
}

/** The error answers of a route, status by status: `{ 404: 'Package not found', … }`. */
export function errorAnswers(answers: Record<number, string>): Record<number, z.ZodType> {
  return Object.fromEntries(Object.entries(answers).map(([status, description]) => [status, errorAnswer(description)]));
}

/**
 * Adds answers that a mechanism around the route gives (a scope's sign-in check, the anti-forgery
 * check, a rate limit) to its response schemas, from an `onRoute` hook: the route then declares every
 * status it can answer without each route repeating them. An answer the route declares itself stays.
 * The schema objects are copied, never changed: routes may share them.
 */
export function addRouteAnswers(route: RouteOptions, answers: Record<number, z.ZodType>): void {
  const schema = route.schema ?? {};
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries(answers)) response[status] ??= answer;
  route.schema = { ...schema, response };
}

/**
 * Sends JSON text built elsewhere (by the database) as it is: a string skips the serialiser, so the
 * route's response schema describes the text without costing a parse and a stringify.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
