import { consoleShortcutAnswerSchema, consoleShortcutInputSchema } from '@waybill/domain';
import { publicScope } from '../../http/access.ts';
import { rateLimitFor } from '../../plugins/rate-limits.ts';
import { matchConsoleShortcut } from './console-shortcut.service.ts';

export const consoleShortcutRoutes = publicScope(async (app, { config }) => {
  app.post(
    '/api/console-shortcut',
    {
      schema: {
        tags: ['Console shortcut'],
        summary: "The console's path when name and code are the configured shortcut, else `{ path: null }`",
        description:
          'A mismatch is the everyday case, a 200 and not an error; any other body reads as blank. ' +
          'Grants nothing: the console still needs a sign-in.',
        body: consoleShortcutInputSchema,
        response: { 200: consoleShortcutAnswerSchema },
      },
      ...rateLimitFor(app, 'forms'),
    },
    async (request) => matchConsoleShortcut(config, request.body.name, request.body.code),
  );
});
