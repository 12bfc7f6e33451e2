import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';

export const SESSION_QUERY_KEY = ['console-session'] as const;

/** GET /api/auth/me: 200 with the operator, 401 without a valid session. */
export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => apiFetch('/api/auth/me', { signal, schema: operatorSchema }),
  // A 401 is an answer, not a hiccup: retrying only delays the way to the sign-in page.
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
