import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/auth.service.ts';
import { addRouteAnswers, errorAnswer } from './answers.ts';

/** Who may call a route: anyone, or a signed-in operator. A role (an `admin` scope) adds its name here. */
export type Access = 'public' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the scope the route is declared in (`publicScope`, `consoleScope`), never by the route. */
    access?: Access;
  }
}

/** Route plugins as the features write them (zod schemas, the app's config). */
export type RoutesPlugin = FastifyPluginAsyncZod<{ config: Config }>;

/** onRequest hook: a 401 without a valid session, before any body is read; the operator for the handler. */
export async function requireOperator(request: FastifyRequest): Promise<void> {
  request.operator = await resolveSession(request.server.db, request.cookies[SESSION_COOKIE]);
}

const SIGN_IN_ANSWER = errorAnswer(
  'No valid operator session: "Please sign in to continue." or "Your session has expired. Please sign in again."',
);

/**
 * An encapsulated scope for routes of one access level: its `guards` run on every request to them
 * before anything else of the route (its body is not read yet), and each route is marked with `access`
 * (read by the API description and the tests) and declares the guards' refusals.
 */
function accessScope(access: Access, guards: onRequestAsyncHookHandler[], routes: RoutesPlugin): RoutesPlugin {
  return async (scope, options) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access };
      if (guards.length > 0) addRouteAnswers(route, { 401: SIGN_IN_ANSWER });
    });
    for (const guard of guards) scope.addHook('onRequest', guard);
    await scope.register(routes, options);
  };
}

/** Routes anyone may call. Each one is on the reviewed list of public routes in the console-access test. */
export function publicScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('public', [], routes);
}

/**
 * Routes only a signed-in operator may call (401 otherwise). Operators have no roles yet; when they
 * do, an admin-only scope is `accessScope('admin', [requireOperator, requireRole('admin')], routes)`.
 */
export function consoleScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('operator', [requireOperator], routes);
}
