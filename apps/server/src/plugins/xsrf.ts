import { createHmac, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_MESSAGE } from '@waybill/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { addRouteAnswers, errorAnswer } from '../http/answers.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
/**
 * The cookie's name when PUBLIC_URL is https: a browser takes a `__Host-` cookie only from the site
 * itself, over https, for the whole site (Secure, Path=/, no Domain), so a neighbour on another
 * subdomain cannot plant one.
 */
export const XSRF_COOKIE_HTTPS = `__Host-${XSRF_COOKIE}`;
export const XSRF_HEADER = 'x-xsrf-token';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `token-in-link`: a write whose link carries a one-time secret (an unsubscribe link) and that a
     * mail client posts without any cookie; the secret already proves the link was not forged.
     * `provider-signature`: a text-message provider's webhook, checked by its signature or secret instead.
     * `bearer-key`: /api/v1, called by servers with an API key in a header a browser never sends by itself.
     */
    antiForgery?: 'token-in-link' | 'provider-signature' | 'bearer-key';
  }
}

export interface XsrfOptions {
  /**
   * The session cookies (an operator's, a business customer's), whose token a signed-in browser's
   * anti-forgery token is bound to: the first the browser holds.
   */
  sessionCookies: string[];
}

const NONCE_BYTES = 32;
/** Random bytes for this many visitor ids are drawn at once: one draw per id cost a tenth of a tracking answer. */
const NONCES_PER_DRAW = 128;
let pool = Buffer.alloc(0);
let taken = 0;

/** A new visitor id of 32 random bytes, never one handed out before (each slice of the pool is used once). */
function newNonce(): string {
  if (taken + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    taken = 0;
  }
  const nonce = pool.toString('base64url', taken, taken + NONCE_BYTES);
  taken += NONCE_BYTES;
  return nonce;
}

const mac = (key: KeyObject, kind: 'session' | 'visitor', value: string) =>
  createHmac('sha256', key).update(`${kind}\n${value}`).digest('base64url');

/** The token of a signed-in browser: an HMAC of its session token, so it is worth nothing with another session. */
export function sessionXsrfToken(key: KeyObject, sessionToken: string): string {
  return mac(key, 'session', sessionToken);
}

/** A new token for a browser without a session: a random visitor id and its HMAC. */
export function newVisitorXsrfToken(key: KeyObject): string {
  const nonce = newNonce();
  return `${nonce}.${mac(key, 'visitor', nonce)}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True for a visitor token this server made (its HMAC checks out). */
function isVisitorXsrfToken(key: KeyObject, token: string): boolean {
  const dot = token.indexOf('.');
  return dot > 0 && sameText(token.slice(dot + 1), mac(key, 'visitor', token.slice(0, dot)));
}

/**
 * The token a request must carry: bound to its session when it has a session cookie, else its
 * visitor token when the server made it, else none yet.
 */
function tokenOf(key: KeyObject, sessionToken: string | undefined, cookie: string | undefined): string | undefined {
  if (sessionToken) return sessionXsrfToken(key, sessionToken);
  return cookie && isVisitorXsrfToken(key, cookie) ? cookie : undefined;
}

/**
 * Anti-forgery: a token the site's own script reads from a cookie (another site cannot) and echoes in
 * a header, bound to the browser's session by an HMAC with a key of the server's: a signed-in
 * browser's token is an HMAC of its session token, so a token read or planted from any other session
 * or visitor is refused; a browser without a session gets a random visitor id with its HMAC, so a
 * made-up value is refused too. The cookie is set (or put right) on any answer to a request whose
 * cookie is missing or is not the one its session calls for, and replaced at sign-in and sign-out
 * (`bindXsrfToken`). Checked in onRequest, so a forged request is refused before its body is read.
 */
async function xsrf(app: FastifyInstance, options: XsrfOptions) {
  const refused = errorAnswer(XSRF_MESSAGE);
  const { sessionCookies } = options;
  const name = app.config.secure ? XSRF_COOKIE_HTTPS : XSRF_COOKIE;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.antiForgery === 'token-in-link' || route.config?.antiForgery === 'bearer-key') return;
    if (methods.some((method) => UNSAFE_METHODS.has(method))) addRouteAnswers(route, { 403: refused });
  });
  // The cookie's attributes as @fastify/cookie writes them, worked out once: a token is base64url, which
  // needs no encoding, so each answer only joins the name, the token and these. Set as a header,
  // @fastify/cookie adds any cookie a route sets after it (the session at sign-in) as a second Set-Cookie.
  const written = app.serializeCookie(name, 'token', {
    path: '/',
    sameSite: 'lax',
    secure: app.config.secure,
    httpOnly: false,
  });
  const attributes = written.slice(`${name}=token`.length);
  // The key is read when the database is open (plugins/server-secrets.ts), before any request.
  const key = () => app.serverKeys.xsrf;

  // A callback hook: it never waits, and a promise per request is not free.
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[name];
    const session = sessionCookies.map((name) => request.cookies[name]).find((token) => token !== undefined);
    const expected = tokenOf(key(), session, cookie) ?? newVisitorXsrfToken(key());
    if (cookie !== expected) reply.header('set-cookie', `${name}=${expected}${attributes}`);
    if (UNSAFE_METHODS.has(request.method) && request.routeOptions.config.antiForgery === undefined) {
      const header = request.headers[XSRF_HEADER];
      if (typeof header !== 'string' || !sameText(header, expected)) {
        done(new AppError(403, XSRF_MESSAGE));
        return;
      }
    }
    done();
  });

  app.decorateReply('bindXsrfToken', function bindXsrfToken(this: FastifyReply, sessionToken: string | undefined) {
    const token = sessionToken ? sessionXsrfToken(key(), sessionToken) : newVisitorXsrfToken(key());
    const earlier = this.getHeader('set-cookie');
    const others = (Array.isArray(earlier) ? earlier : earlier === undefined ? [] : [String(earlier)]).filter(
      (line) => !line.startsWith(`${name}=`),
    );
    this.header('set-cookie', [...others, `${name}=${token}${attributes}`]);
  });
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Gives the browser a new anti-forgery token bound to `sessionToken` (at sign-in), or a new
     * visitor token when it has none (at sign-out): a token read before either is worth nothing after.
     */
    bindXsrfToken(sessionToken: string | undefined): void;
  }
}

export default fp(xsrf, { name: 'xsrf', dependencies: ['@fastify/cookie'] });
