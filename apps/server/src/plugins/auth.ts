import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveSession, SESSION_COOKIE } from '../modules/auth/auth.service.ts';

// Routes outside /api/admin that change what every visitor sees (SPEC §7) — console-only as well.
const OPERATOR_ROUTES = new Set([
  'POST /api/create-plan',
  'PUT /api/edit-plan/:id',
  'POST /api/details',
  'PUT /api/details/:id',
  'POST /api/send-email',
]);

/** True for a route only a signed-in operator may call. */
export function isOperatorRoute(method: string, url: string): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/') || OPERATOR_ROUTES.has(`${method} ${url}`);
}

/** onRequest hook: a 401 without a valid session, before any body is read. */
export async function requireOperator(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  request.operator = await resolveSession(request.server.db, request.cookies[SESSION_COOKIE]);
}

/**
 * Guards console routes where they are declared, whoever declares them (feature plugins included):
 * every route under /api/admin and the operator writes above get `requireOperator`.
 */
async function auth(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config?.operatorOnly && !methods.some((method) => isOperatorRoute(method, route.url))) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [requireOperator, ...existing];
  });
}

export default fp(auth, { name: 'auth', dependencies: ['db', '@fastify/cookie'] });
