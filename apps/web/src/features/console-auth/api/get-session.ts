import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OperatorSession, SESSION_EXPIRED, SIGN_IN_REQUIRED } from '@waybill/domain';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

export const SESSION_QUERY_KEY = ['console-session'] as const;

/**
 * GET /api/auth/session: the operator, or a 401 ApiError made here when there is none. The server
 * answers 200 either way, so a console that is merely signed out logs no failed request; the error
 * carries the words a console route's 401 would (expired or not), which the frame reads.
 */
export async function fetchSession(signal?: AbortSignal): Promise<OperatorSession> {
  // Imported when first asked: the driver app's first script then holds no zod (the console's has it
  // anyway, and finds the module there).
  const schema = import('@waybill/domain/auth').then((module) => module.sessionStateSchema);
  const state = await apiFetch('/api/auth/session', { signal, schema });
  if (state.operator) return state.operator;
  throw new ApiError(401, state.expired ? SESSION_EXPIRED : SIGN_IN_REQUIRED);
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  // No session is an answer, not a hiccup: retrying only delays the way to the sign-in page.
  retry: false,
  staleTime: 5 * 60_000,
});

/** The current operator session; errors with a 401 ApiError when there is none. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * True once the session says the operator is an admin: the console hides what the server would refuse
 * (the team, the plan, the notification setting) from operators. False while the session loads.
 */
export function useIsAdmin(): boolean {
  return useSession().data?.role === 'admin';
}
