import { apiErrorSchema, loginSchema, operatorSchema, signedOutSchema } from '@waybill/domain';
import { consoleScope, publicScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import {
  ACCOUNT_LOCKED,
  AccountLockedError,
  INVALID_LOGIN,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
} from './auth.service.ts';
import { signIn, signOut } from './sign-in-audit.ts';

const tags = ['Sign-in'];

const LOGIN_REFUSED = apiErrorSchema.meta({
  description:
    'Too many sign-ins from this address ("Too many requests. Please try again in {time}."), or too many ' +
    `failed sign-ins for this account from any address ("${ACCOUNT_LOCKED}")`,
  headers: { 'Retry-After': { type: 'integer', description: 'Seconds until the limit lifts' } },
});

/** What the console knows of the signed-in operator. */
const sessionAnswer = (operator: { email: string; name: string; role: string }) => ({
  email: operator.email,
  name: operator.name,
  role: operator.role as 'admin' | 'operator',
});

export const authRoutes: RoutesPlugin = async (app, options) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.config.secure,
  } as const;

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
          let signedIn: Awaited<ReturnType<typeof signIn>>;
          try {
            signedIn = await signIn(scope.db, request.body, {
              ip: request.ip,
              previousToken: request.cookies[SESSION_COOKIE],
            });
          } catch (error) {
            if (error instanceof AccountLockedError) reply.header('retry-after', error.retryAfterSeconds);
            throw error;
          }
          const { operator, token } = signedIn;
          reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
          // A new anti-forgery token, bound to the new session: one read before sign-in is worth nothing.
          reply.bindXsrfToken(token);
          return sessionAnswer(operator);
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
    consoleScope(async (scope) => {
      scope.get(
        '/api/auth/me',
        { schema: { tags, summary: 'The signed-in operator', response: { 200: operatorSchema } } },
        async (request) => sessionAnswer(request.operator!),
      );
    }),
    options,
  );
};
