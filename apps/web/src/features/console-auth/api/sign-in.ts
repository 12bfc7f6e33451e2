import { useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { type OperatorSession, SESSION_QUERY_KEY } from './get-session.ts';

/** POST /api/auth/login: the server answers with the operator and sets the session cookie. */
export function signIn(input: LoginInput): Promise<OperatorSession> {
  return apiFetch<OperatorSession>('/api/auth/login', { json: input });
}

/** Signs in and primes the session cache, so the console frame does not ask again. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: LoginInput) => signIn(input),
    onSuccess: (session) => {
      // Whatever a previous operator's session cached must not show through.
      queryClient.removeQueries();
      queryClient.setQueryData(SESSION_QUERY_KEY, session);
    },
  });
}
