import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

/** POST /api/auth/logout: ends the session on the server and clears its cookie. */
export function signOut(): Promise<{ message: string }> {
  const schema = import('@waybill/domain/auth').then((module) => module.signedOutSchema);
  return apiFetch('/api/auth/logout', { method: 'POST', schema });
}

/** Signs out; the sign-in page then drops every cached console answer (see useForgetConsoleData). */
export function useSignOut() {
  return useWriteMutation({ mutationFn: () => signOut() });
}
