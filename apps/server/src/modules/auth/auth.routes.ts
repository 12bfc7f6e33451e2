import { loginSchema, operatorSchema, signedOutSchema } from '@waybill/domain';
import { consoleScope, publicScope, type RoutesPlugin } from '../../http/access.ts';
import { errorAnswers } from '../../http/answers.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import {
  authenticate,
  endSession,
  INVALID_LOGIN,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  startSession,
} from './auth.service.ts';

const tags = ['Sign-in'];

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
            response: { 200: operatorSchema, ...errorAnswers({ 401: INVALID_LOGIN }) },
          },
          ...rateLimitFor(scope, 'login'),
        },
        async (request, reply) => {
          const operator = await authenticate(scope.db, request.body.email, request.body.password);
          const token = await startSession(scope.db, operator.id, request.cookies[SESSION_COOKIE]);
          reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
          return { email: operator.email };
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
          await endSession(scope.db, request.cookies[SESSION_COOKIE]);
          reply.clearCookie(SESSION_COOKIE, cookieOptions);
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
        async (request) => ({ email: request.operator!.email }),
      );
    }),
    options,
  );
};
