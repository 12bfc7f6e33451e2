import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { matchConsoleShortcut } from './console-shortcut.service.ts';

// Anything that is not two short texts cannot match; it gets the same 404 as a wrong guess.
const shortcutBody = z.object({ name: z.string().max(200), code: z.string().max(200) }).catch({ name: '', code: '' });

export const consoleShortcutRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/api/console-shortcut',
    {
      schema: { body: shortcutBody, response: { 200: z.object({ path: z.string() }) } },
      ...rateLimitFor(app, 'forms'),
    },
    async (request) => matchConsoleShortcut(config, request.body.name, request.body.code),
  );
};
