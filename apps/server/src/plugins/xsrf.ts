import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { addRouteAnswers, errorAnswer } from '../http/answers.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_MESSAGE = 'Missing or invalid anti-forgery token';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `token-in-link`: a write whose link carries a one-time secret (an unsubscribe link) and that a
     * mail client posts without any cookie; the secret already proves the link was not forged.
     */
    antiForgery?: 'token-in-link';
  }
}

const TOKEN_BYTES = 32;
/** Random bytes for this many tokens are drawn at once: one draw per token cost a tenth of a tracking answer. */
const TOKENS_PER_DRAW = 128;
let pool = Buffer.alloc(0);
let taken = 0;

/** A new token of 32 random bytes, never one handed out before (each slice of the pool is used once). */
function newToken(): string {
  if (taken + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * TOKENS_PER_DRAW);
    taken = 0;
  }
  const token = pool.toString('base64url', taken, taken + TOKEN_BYTES);
  taken += TOKEN_BYTES;
  return token;
}

function tokensMatch(cookie: string | undefined, header: string | string[] | undefined): boolean {
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Double-submit anti-forgery: a script-readable cookie that another site cannot read, echoed in a
 * header. Checked in onRequest, so a forged request is refused before its body is read.
 */
async function xsrf(app: FastifyInstance) {
  const refused = errorAnswer(XSRF_MESSAGE);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.antiForgery === 'token-in-link') return;
    if (methods.some((method) => UNSAFE_METHODS.has(method))) addRouteAnswers(route, { 403: refused });
  });
  // The cookie's attributes as @fastify/cookie writes them, worked out once: a token is base64url, which
  // needs no encoding, so each answer only joins the name, the token and these. Set as a header,
  // @fastify/cookie adds any cookie a route sets after it (sign-in) as a second Set-Cookie.
  const written = app.serializeCookie(XSRF_COOKIE, 'token', {
    path: '/',
    sameSite: 'lax',
    secure: app.config.secure,
    httpOnly: false,
  });
  const attributes = written.slice(`${XSRF_COOKIE}=token`.length);
  // A callback hook: it never waits, and a promise per request is not free.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) reply.header('set-cookie', `${XSRF_COOKIE}=${newToken()}${attributes}`);
    if (
      UNSAFE_METHODS.has(request.method) &&
      request.routeOptions.config.antiForgery !== 'token-in-link' &&
      !tokensMatch(cookie, request.headers[XSRF_HEADER])
    ) {
      done(new AppError(403, XSRF_MESSAGE));
      return;
    }
    done();
  });
}

export default fp(xsrf, { name: 'xsrf', dependencies: ['@fastify/cookie'] });
