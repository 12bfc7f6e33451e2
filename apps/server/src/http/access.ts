import {
  ACCOUNT_SESSION_COOKIE,
  ADMIN_ONLY,
  CONSOLE_ROLES,
  DRIVERS_ONLY,
  DRIVERS_USE_DRIVER_APP,
  type OperatorRole,
} from '@waybill/domain';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { resolveAccountSession } from '../modules/accounts/account-auth.service.ts';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/auth.service.ts';
import { addRouteAnswers, errorAnswer } from './answers.ts';

/**
 * Who may call a route: anyone; anyone signed in, whatever their role (their own session and
 * password); the console's people (operators and admins); only an admin; or a driver (and an admin,
 * to try the driver app); a member of a business account (the portal); a business account's API key
 * (/api/v1, modules/v1).
 */
export type Access = 'public' | 'signed-in' | 'operator' | 'admin' | 'driver' | 'account' | 'api-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the scope the route is declared in (`publicScope`, `consoleScope`…), never by the route. */
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
 * onRequest hook of the business customers' portal: a 401 without a valid member session (an
 * operator's cookie is not one), before any body is read; the member for the handler.
 */
export async function requireAccountMember(request: FastifyRequest): Promise<void> {
  request.accountMember = await resolveAccountSession(request.server.db, request.cookies[ACCOUNT_SESSION_COOKIE]);
}

/**
 * onRequest hook after `requireOperator`: a 403 unless the operator has `role`. The role is read with
 * the session on every request, so a demotion takes effect at the operator's next request.
 */
export function requireRole(roles: readonly OperatorRole[], refusal: string): onRequestAsyncHookHandler {
  return async (request) => {
    const role = request.operator?.role;
    if (role === undefined || !roles.includes(role)) throw new AppError(403, refusal);
  };
}

const ADMIN_ANSWER = errorAnswer(`A signed-in operator or driver who is not an admin: "${ADMIN_ONLY}"`);
const CONSOLE_ANSWER = errorAnswer(`A signed-in driver: "${DRIVERS_USE_DRIVER_APP}"`);
const DRIVER_ANSWER = errorAnswer(`A signed-in operator who is neither a driver nor an admin: "${DRIVERS_ONLY}"`);
const ROLE_ANSWERS: Partial<Record<Access, z.ZodType>> = {
  operator: CONSOLE_ANSWER,
  admin: ADMIN_ANSWER,
  driver: DRIVER_ANSWER,
};

const SIGN_IN_ANSWER = errorAnswer(
  'No valid operator session: "Please sign in to continue." or "Your session has expired. Please sign in again."',
);
const ACCOUNT_SIGN_IN_ANSWER = errorAnswer(
  'No valid business account session: "Please sign in to continue." or "Your session has expired. Please sign in again."',
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
      if (guards.length > 0)
        addRouteAnswers(route, { 401: access === 'account' ? ACCOUNT_SIGN_IN_ANSWER : SIGN_IN_ANSWER });
      const refusal = ROLE_ANSWERS[access];
      if (refusal) addRouteAnswers(route, { 403: refusal });
    });
    for (const guard of guards) scope.addHook('onRequest', guard);
    await scope.register(routes, options);
  };
}

/** Routes anyone may call. Each one is on the reviewed list of public routes in the console-access test. */
export function publicScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('public', [], routes);
}

/** Routes of anyone signed in (401 otherwise), whatever their role: who they are, their own password. */
export function signedInScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('signed-in', [requireOperator], routes);
}

/**
 * Routes of the console's people (401 without a session, 403 for a driver): packages, scanning,
 * labels, e-mail, the inbox, runs, and reads the console needs (the plan, the notification setting).
 */
export function consoleScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('operator', [requireOperator, requireRole(CONSOLE_ROLES, DRIVERS_USE_DRIVER_APP)], routes);
}

/**
 * Routes only a signed-in admin may call (401 without a session, 403 "Only an admin can do that" for
 * anyone else): the team, and changes to the plan, the contact details and the notification setting.
 */
export function adminScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('admin', [requireOperator, requireRole(['admin'], ADMIN_ONLY)], routes);
}

/**
 * Routes of the driver app (`/api/driver/*`): a driver's, and an admin's who tries it (401 without a
 * session, 403 for an operator).
 */
export function driverScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('driver', [requireOperator, requireRole(['driver', 'admin'], DRIVERS_ONLY)], routes);
}

/**
 * Routes of the business customers' portal (`/api/account/*`): a member of an active account signed in
 * at /account (401 otherwise, whatever operator or driver session the browser holds). Every query of
 * these routes is bounded to the member's account.
 */
export function accountScope(routes: RoutesPlugin): RoutesPlugin {
  return accessScope('account', [requireAccountMember], routes);
}
