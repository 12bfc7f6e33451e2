import { SESSION_EXPIRED } from '@waybill/domain';
import { ApiError } from '../../lib/api-client.ts';
import { readConsoleBase } from '../../lib/console-base.ts';

/** What the server answers when a session timed out. */
export const SESSION_EXPIRED_MESSAGE = SESSION_EXPIRED;

/** True for an answer that means "no valid session": the operator has to sign in (again). */
export function isSessionError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/** The console's dashboard: where any doubtful return path leads instead. */
export const CONSOLE_HOME = '/';

/** Where return paths are read: this page's origin and the console prefix (the router's basename). */
export interface ConsolePlace {
  origin: string;
  base: string;
}

function currentPlace(): ConsolePlace {
  return { origin: window.location.origin, base: readConsoleBase() ?? '' };
}

/**
 * A console path to return to after signing in (relative to the console prefix, as the router's
 * locations are), or the dashboard. Text with a control character or a backslash is refused (a browser
 * reads `/\t/evil.example` as `//evil.example`, another host). The rest is parsed as a URL against this
 * page's origin and kept only if it stays on the origin both on its own and under the console prefix,
 * and inside that prefix once `..` and `%2e%2e` are resolved. What is kept is the parsed form, never
 * the raw text.
 */
export function readReturnPath(next: string | null | undefined, place: ConsolePlace = currentPlace()): string {
  // The router's own locations never hold a control character or a backslash: browsers drop tabs and
  // newlines and read `\` as `/`, which is how such text turns into another host.
  if (!next?.startsWith('/') || /[\p{Cc}\\]/u.test(next)) return CONSOLE_HOME;
  let alone: URL;
  let underConsole: URL;
  try {
    alone = new URL(next, place.origin);
    underConsole = new URL(`${place.base}${next}`, place.origin);
  } catch {
    return CONSOLE_HOME;
  }
  if (alone.origin !== place.origin || underConsole.origin !== place.origin) return CONSOLE_HOME;
  if (!underConsole.pathname.startsWith(`${place.base}/`)) return CONSOLE_HOME;
  const path = underConsole.pathname.slice(place.base.length);
  // "//host" would name another host wherever the path is read as a URL; sign-in would loop.
  if (path.startsWith('//') || /^\/sign-in\/?$/.test(path)) return CONSOLE_HOME;
  return `${path}${underConsole.search}${underConsole.hash}`;
}

/** The sign-in route with where to return and, when the session ran out, the reason to show. */
export function buildSignInPath(returnTo: string, { expired = false } = {}): string {
  const params = new URLSearchParams();
  const next = readReturnPath(returnTo);
  if (next !== CONSOLE_HOME) params.set('next', next);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `/sign-in?${query}` : '/sign-in';
}
