import { ADMIN_ONLY } from '@waybill/domain';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/auth.service.ts';
import { addRouteAnswers, errorAnswer } from './answers.ts';

/** Who may call a route: anyone, any signed-in operator, or only a signed-in admin. */
export type Access = 'public' | 'operator' | 'admin';

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

/**
 * onRequest hook after `requireOperator`: a 403 unless the operator has `role`. The role is read with
 * the session on every request, so a demotion takes effect at the operator's next request.
 */
export function requireRole(role: 'admin'): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.operator?.role !== role) throw new AppError(403, ADMIN_ONLY);
  };
}

const ADMIN_ANSWER = errorAnswer(`A signed-in operator who is not an admin: "${ADMIN_ONLY}"`);

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
      if (access === 'admin') addRouteAnswers(route, { 403: ADMIN_ANSWER });
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
 * Routes any signed-in operator may call (401 otherwise), whatever their role: packages, scanning,
 * labels, e-mail, the inbox, and reads the console needs (the plan, the notification setting).
 */
export function consoleScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('operator', [requireOperator], routes);
}

/**
 * Routes only a signed-in admin may call (401 without a session, 403 "Only an admin can do that" for
 * an operator): the team, and changes to the plan, the contact details and the notification setting.
 */
export function adminScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('admin', [requireOperator, requireRole('admin')], routes);
}
