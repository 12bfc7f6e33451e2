import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@waybill/domain';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { ACCOUNT_SESSION_KEY, SESSION_ENDED, useAccountSession } from '../api/session.ts';

/**
 * A 401 from any of the portal's reads or writes means the session ended (it expired, or the member
 * signed out in another tab): the session is then known to be gone, and the gate shows the way in.
 */
function useForgetSessionOn401(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ended = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401)
        queryClient.setQueryData(ACCOUNT_SESSION_KEY, SESSION_ENDED);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

/**
 * The signed-in portal's guard: a loader while the session is asked, `signedOut` without one, a retry
 * when the server cannot be reached; then the screens, given the session.
 */
export function AccountGate({
  children,
  signedOut,
}: {
  children: (session: AccountSession) => ReactNode;
  /** What shows without a session; `expired` when one ran out (rather than a first visit or a sign-out). */
  signedOut: (expired: boolean) => ReactNode;
}) {
  useForgetSessionOn401();
  const session = useAccountSession();
  if (session.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  if (session.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" role="alert">
          <Text>Could not reach the server: {session.error.message}</Text>
          <Button onClick={() => session.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!session.data.session) return signedOut(session.data.expired);
  return children(session.data.session);
}

/** The session inside the signed-in frame (which renders nothing else without one). */
export function useSignedInSession(): AccountSession {
  const session = useAccountSession().data?.session;
  if (!session) throw new Error('A portal screen rendered without a session');
  return session;
}
