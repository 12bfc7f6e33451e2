import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import { notFound } from '../../errors.ts';

// Hashing first gives equal-length inputs, so the comparison time says nothing about the secret.
const digest = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * The home page's hidden shortcut: the console path when both the name and the code match, else a
 * plain 404. It grants nothing; the console still asks for a sign-in.
 */
export function matchConsoleShortcut(config: Config, name: string, code: string): { path: string } {
  const nameMatches = same(name, config.consoleShortcut.name);
  const codeMatches = same(code, config.consoleShortcut.code);
  if (!nameMatches || !codeMatches) throw notFound('Not found');
  return { path: config.admin.path };
}
