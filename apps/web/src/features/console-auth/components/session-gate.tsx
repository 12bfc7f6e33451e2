import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { OperatorSession } from '@waybill/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../api/get-session.ts';
import { buildSignInPath, isSessionError, SESSION_EXPIRED_MESSAGE } from '../sign-in-path.ts';

/**
 * What a signed-in page shows before its session is known: a loader while it is asked, the sign-in
 * page (saying so when it expired) without one, a retry when the server cannot be reached; then the
 * page, given the session.
 */
export function SessionGate({ children }: { children: (session: OperatorSession) => ReactNode }) {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  if (session.isError) {
    if (isSessionError(session.error)) {
      const expired = session.error.message === SESSION_EXPIRED_MESSAGE;
      return <Navigate to={buildSignInPath(`${location.pathname}${location.search}`, { expired })} replace />;
    }
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" role="alert">
          <Text>Could not reach the server: {session.error.message}</Text>
          <Button onClick={() => session.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  return children(session.data);
}
