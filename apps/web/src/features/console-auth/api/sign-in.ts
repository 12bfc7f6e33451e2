import { useQueryClient } from '@tanstack/react-query';
import { type LoginInput, type OperatorSession, operatorSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { SESSION_QUERY_KEY } from './get-session.ts';

/** POST /api/auth/login: the server answers with the operator and sets the session cookie. */
export function signIn(input: LoginInput): Promise<OperatorSession> {
  return apiFetch('/api/auth/login', { json: input, schema: operatorSchema });
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
