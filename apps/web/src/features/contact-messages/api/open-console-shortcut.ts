import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /api/console-shortcut: the console prefix when name and code are the configured shortcut, else
 * undefined. The magic values live only in the server's configuration, never in the bundle.
 */
export async function findConsoleShortcut(name: string, code: string): Promise<string | undefined> {
  try {
    const { path } = await apiFetch<{ path: string }>('/api/console-shortcut', { json: { name, code } });
    return path;
  } catch (error) {
    // Any refusal (404 for a normal message, 400/429 too) just means: send the message as usual.
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}
