import { consoleShortcutAnswerSchema, consoleShortcutInputSchema } from '@waybill/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { matchConsoleShortcut } from './console-shortcut.service.ts';

export const consoleShortcutRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/api/console-shortcut',
    {
      schema: { body: consoleShortcutInputSchema, response: { 200: consoleShortcutAnswerSchema } },
      ...rateLimitFor(app, 'forms'),
    },
    async (request) => matchConsoleShortcut(config, request.body.name, request.body.code),
  );
};
