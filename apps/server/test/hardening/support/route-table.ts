import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app registered, read from `printRoutes()`: a route added tomorrow shows up here
 * without anyone listing it. HEAD twins of GET routes are left out.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?\s*$/.exec(line);
    if (!match) continue;
    // Each nesting level of the tree is four characters wide.
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(',').map((name) => name.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** Routes anyone may call; every other route is the console's and must refuse a stranger. */
export const PUBLIC_ROUTES = new Set([
  'GET *',
  'GET /api/health',
  'GET /api/company',
  'GET /api/plans',
  'GET /api/details',
  'GET /api/track/:code',
  'POST /api/submit-package',
  'POST /api/console-shortcut',
  'POST /api/support-requests',
  'POST /api/contact-messages',
  'POST /api/account-requests',
  'POST /api/auth/login',
  'POST /api/auth/logout',
]);

export const isPublicRoute = (route: RouteEntry) => PUBLIC_ROUTES.has(`${route.method} ${route.url}`);
