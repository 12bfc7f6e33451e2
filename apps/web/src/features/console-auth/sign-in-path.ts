import { ApiError } from '../../lib/api-client.ts';

/** What the server answers when a session timed out (apps/server auth.service SESSION_EXPIRED). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/** True for an answer that means "no valid session": the operator has to sign in (again). */
export function isSessionError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A console path to return to after signing in, or "/" (the dashboard). Only paths inside the console
 * count: "//host" or a full URL would turn the sign-in page into an open redirect.
 */
export function readReturnPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/sign-in' || next.startsWith('/sign-in?')) return '/';
  return next;
}

/** The sign-in route with where to return and, when the session ran out, the reason to show. */
export function buildSignInPath(returnTo: string, { expired = false } = {}): string {
  const params = new URLSearchParams();
  const next = readReturnPath(returnTo);
  if (next !== '/') params.set('next', next);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `/sign-in?${query}` : '/sign-in';
}
