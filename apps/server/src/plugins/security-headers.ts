import { createRequire } from 'node:module';
// The type of the routes' `helmet` option (the console pages' policy) comes with @fastify/helmet.
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type Middleware = (request: unknown, response: unknown, next: (error?: unknown) => void) => void;
// helmet itself, the one @fastify/helmet depends on: run once per policy to learn the headers it sets.
const helmet = createRequire(import.meta.resolve('@fastify/helmet'))('helmet') as (
  options: FastifyHelmetOptions,
) => Middleware;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own security headers, when its `helmet` option changes the policy. */
    securityHeaders?: Record<string, string>;
  }
}

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet builds helmet's middleware,
 * parsing the whole policy again, on every request: about a tenth of the time of the busiest public
 * call. The headers depend on the options only (no nonces, no function in a directive).
 */
function headersFor(options: FastifyHelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({}, response, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * The route option (`helmet`) of the console's pages: the same policy, plus 'wasm-unsafe-eval', which
 * lets the scan page compile its barcode decoder (WebAssembly, a file of our own build) and allows no
 * JavaScript eval. Public pages never load it, so their policy stays without it.
 */
export const CONSOLE_PAGE_HELMET = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...DIRECTIVES, scriptSrc: [...DIRECTIVES.scriptSrc, "'wasm-unsafe-eval'"] },
  },
};

/** CSP without inline scripts (Mantine needs inline styles), nosniff, HSTS only behind https. */
async function securityHeaders(app: FastifyInstance) {
  const policy: FastifyHelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    hsts: app.config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
  const headers = headersFor(policy);
  // A route's `helmet` option replaces parts of the policy, as @fastify/helmet's route option does.
  app.addHook('onRoute', (route) => {
    if (route.helmet === false) throw new Error(`${route.url}: every route keeps the security headers`);
    if (route.helmet)
      route.config = {
        ...route.config,
        securityHeaders: headersFor({ ...policy, ...route.helmet } as FastifyHelmetOptions),
      };
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders ?? headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
