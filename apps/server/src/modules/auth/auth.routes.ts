import {
  apiErrorSchema,
  INVALID_LOGIN,
  loginSchema,
  type OperatorRole,
  operatorSchema,
  sessionStateSchema,
  signedOutSchema,
} from '@waybill/domain';
import { AppError } from '../../errors.ts';
import { publicScope, type RoutesPlugin, signedInScope } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import {
  resolveSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_EXPIRED,
  SIGN_IN_THROTTLED_EXAMPLE,
  SignInThrottledError,
} from './auth.service.ts';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_HTTPS,
  DEVICE_COOKIE_MAX_AGE_S,
  readDeviceCookie,
  writeDeviceCookie,
} from './device-cookie.ts';
import { signIn, signOut } from './sign-in-audit.ts';

const tags = ['Sign-in'];

const LOGIN_REFUSED = apiErrorSchema.meta({
  description:
    'Too many sign-ins from this address ("Too many requests. Please try again in {time}."), or an attempt ' +
    'before the wait that failed sign-ins for this account put on it is over, from any address, unless the ' +
    `browser signed in as this operator before (e.g. "${SIGN_IN_THROTTLED_EXAMPLE}"; the wait grows from 30 ` +
    'seconds after ten failures in a row to 15 minutes at most)',
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the limit or the wait is over' } },
});

/** What the console knows of the signed-in operator. */
const sessionAnswer = (operator: { email: string; name: string; role: string }) => ({
  email: operator.email,
  name: operator.name,
  role: operator.role as OperatorRole,
});

export const authRoutes: RoutesPlugin = async (app, options) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.config.secure,
  } as const;
  const deviceCookie = options.config.secure ? DEVICE_COOKIE_HTTPS : DEVICE_COOKIE;

  await app.register(
    publicScope(async (scope) => {
      scope.post(
        '/api/auth/login',
        {
          schema: {
            tags,
            summary: 'Sign in: sets the httpOnly session cookie (a new session id every time)',
            body: loginSchema,
            response: { 200: operatorSchema, ...errorAnswers({ 401: INVALID_LOGIN }), 429: LOGIN_REFUSED },
          },
          ...rateLimitFor(scope, 'login'),
        },
        async (request, reply) => {
          const devices = readDeviceCookie(scope.serverKeys.device, request.cookies[deviceCookie]);
          let signedIn: Awaited<ReturnType<typeof signIn>>;
          try {
            signedIn = await signIn(scope.db, request.body, {
              ip: request.ip,
              previousToken: request.cookies[SESSION_COOKIE],
              devices,
            });
          } catch (error) {
            if (error instanceof SignInThrottledError) reply.header('retry-after', error.retryAfterSeconds);
            throw error;
          }
          const { operator, token, deviceId } = signedIn;
          reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
          // This browser is now one the operator signed in from: strangers' failures never make it wait.
          const device = writeDeviceCookie(scope.serverKeys.device, { operatorId: operator.id, deviceId }, devices);
          reply.setCookie(deviceCookie, device, {
            ...cookieOptions,
            sameSite: 'strict',
            maxAge: DEVICE_COOKIE_MAX_AGE_S,
          });
          // A new anti-forgery token, bound to the new session: one read before sign-in is worth nothing.
          reply.bindXsrfToken(token);
          return sessionAnswer(operator);
        },
      );

      scope.get(
        '/api/auth/session',
        {
          schema: {
            tags,
            summary: 'Whether this browser is signed in: the operator, or null (200 either way)',
            description:
              'For a page that only wants to know: no session is an answer here, not an error. ' +
              '`expired` is true when the cookie named a session that timed out. GET /api/auth/me answers 401 instead.',
            response: { 200: sessionStateSchema },
          },
        },
        async (request, reply) => {
          reply.header('Cache-Control', 'no-store');
          try {
            return {
              operator: sessionAnswer(await resolveSession(scope.db, request.cookies[SESSION_COOKIE])),
              expired: false,
            };
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 401) {
              return { operator: null, expired: error.message === SESSION_EXPIRED };
            }
            throw error;
          }
        },
      );

      scope.post(
        '/api/auth/logout',
        {
          schema: {
            tags,
            summary: 'Sign out: ends the session, if any, and clears its cookie',
            response: { 200: signedOutSchema },
          },
        },
        async (request, reply) => {
          await signOut(scope.db, request.cookies[SESSION_COOKIE], request.ip);
          reply.clearCookie(SESSION_COOKIE, cookieOptions);
          reply.bindXsrfToken(undefined);
          return { message: 'Signed out' };
        },
      );
    }),
    options,
  );

  await app.register(
    signedInScope(async (scope) => {
      scope.get(
        '/api/auth/me',
        { schema: { tags, summary: 'The signed-in operator, admin or driver', response: { 200: operatorSchema } } },
        async (request) => sessionAnswer(request.operator!),
      );
    }),
    options,
  );
};
