import { createHash, timingSafeEqual } from 'node:crypto';
import type { ConsoleShortcutAnswer } from '@waybill/domain';
import type { Config } from '../../config.ts';

// Hashing first gives equal-length inputs, so the comparison time says nothing about the secret.
const digest = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * The home page's hidden shortcut: the console path when both the name and the code match, else
 * `{ path: null }`. A mismatch is the everyday case (the form asks before sending a message), so it is
 * a 200, not an error the browser would log. It grants nothing; the console still asks for a sign-in.
 */
export function matchConsoleShortcut(config: Config, name: string, code: string): ConsoleShortcutAnswer {
  const nameMatches = same(name, config.consoleShortcut.name);
  const codeMatches = same(code, config.consoleShortcut.code);
  return { path: nameMatches && codeMatches ? config.admin.path : null };
}
