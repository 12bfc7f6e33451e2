import { loginSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { authenticate, endSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE, startSession } from './auth.service.ts';

const operatorAnswer = { 200: z.object({ email: z.string() }) };

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
  } as const;

  app.post(
    '/api/auth/login',
    { schema: { body: loginSchema, response: operatorAnswer }, ...rateLimitFor(app, 'login') },
    async (request, reply) => {
      const operator = await authenticate(app.db, request.body.email, request.body.password);
      const token = await startSession(app.db, operator.id, request.cookies[SESSION_COOKIE]);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
      return { email: operator.email };
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      await endSession(app.db, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return { message: 'Signed out' };
    },
  );

  app.get('/api/auth/me', { schema: { response: operatorAnswer }, onRequest: requireOperator }, async (request) => ({
    email: request.operator!.email,
  }));
};
