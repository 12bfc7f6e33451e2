import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    hsts: app.config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
