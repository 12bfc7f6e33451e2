import { consoleShortcutAnswerSchema } from '@waybill/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/console-shortcut: the console prefix when name and code are the configured shortcut, else
 * undefined. The magic values live only in the server's configuration, never in the bundle.
 */
export async function findConsoleShortcut(name: string, code: string): Promise<string | undefined> {
  try {
    const { path } = await apiFetch('/api/console-shortcut', {
      json: { name, code },
      schema: consoleShortcutAnswerSchema,
    });
    return path ?? undefined;
  } catch (error) {
    // A refusal (a limit reached, say) just means: send the message as usual.
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
