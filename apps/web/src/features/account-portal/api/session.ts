import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountSessionState,
  type AccountSetPasswordInput,
  accountSessionSchema,
  accountSessionStateSchema,
  type LoginInput,
  signedOutSchema,
  teamMessageSchema,
} from '@waybill/domain';
import { useEffect } from 'react';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

export const ACCOUNT_SESSION_KEY = ['account-session'] as const;

/** What the cache holds once the session ended under the portal (a 401 from one of its requests). */
export const SESSION_ENDED: AccountSessionState = { session: null, expired: true };

/**
 * GET /api/account/session: the member and their account, or null. The server answers 200 either way,
 * so a signed-out visit logs no failed request.
 */
export const accountSessionQuery = queryOptions({
  queryKey: ACCOUNT_SESSION_KEY,
  queryFn: ({ signal }) => apiFetch('/api/account/session', { signal, schema: accountSessionStateSchema }),
  retry: false,
  staleTime: 5 * 60_000,
});

/** Whether this browser is signed in to the portal, and as whom. */
export function useAccountSession() {
  return useQuery(accountSessionQuery);
}

/** POST /api/account/sign-in; primes the session so the frame does not ask again. */
export function useAccountSignIn() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: LoginInput) => apiFetch('/api/account/sign-in', { json: input, schema: accountSessionSchema }),
    onSuccess: (session) => {
      // Whatever another member's session cached must not show through.
      queryClient.removeQueries();
      queryClient.setQueryData<AccountSessionState>(ACCOUNT_SESSION_KEY, { session, expired: false });
    },
  });
}

/** POST /api/account/sign-out; the sign-in page then drops every cached answer (useForgetAccountData). */
export function useAccountSignOut() {
  return useWriteMutation({
    mutationFn: () => apiFetch('/api/account/sign-out', { method: 'POST', schema: signedOutSchema }),
  });
}

/**
 * On the pages without a session (sign-in, a link's page) no answer of the portal may stay cached: the
 * next member must not see the previous one's shipments, and the frame must ask for the session again.
 * Done there rather than at sign-out, where the still-mounted frame would see no session and redirect
 * a second time.
 */
export function useForgetAccountData(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries();
  }, [queryClient]);
}

/** POST /api/account/set-password: the link's token with the new password (and name). */
export function useSetAccountPassword() {
  return useWriteMutation({
    mutationFn: (input: AccountSetPasswordInput) =>
      apiFetch('/api/account/set-password', { json: input, schema: teamMessageSchema }),
  });
}
