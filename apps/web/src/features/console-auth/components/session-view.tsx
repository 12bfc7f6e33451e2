import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { OperatorSession } from '@waybill/domain';
import type { ReactNode } from 'react';
import { useSession } from '../api/get-session.ts';
import { isSessionError, SESSION_EXPIRED_MESSAGE } from '../sign-in-path.ts';

/**
 * What a signed-in page shows before its session is known: a loader while it is asked, the way to the
 * sign-in page (`toSignIn`, told whether the session expired) without one, a retry when the server
 * cannot be reached; then the page, given the session. It needs no router: the console's pages lead
 * to sign-in through theirs (SessionGate), the driver app by loading the page.
 */
export function SessionView({
  children,
  toSignIn,
}: {
  children: (session: OperatorSession) => ReactNode;
  toSignIn: (options: { expired: boolean }) => ReactNode;
}) {
  const session = useSession();

  if (session.isPending) return <SessionLoader />;
  if (session.isError) {
    if (isSessionError(session.error)) return toSignIn({ expired: session.error.message === SESSION_EXPIRED_MESSAGE });
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

/** The full-page loader while the session is asked (or the page goes to sign in). */
export function SessionLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Checking your session" />
    </Center>
  );
}
