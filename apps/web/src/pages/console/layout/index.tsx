import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ConsoleShell } from '../../../components/console-shell/console-shell.tsx';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { useSession } from '../../../features/console-auth/api/get-session.ts';
import { useSignOut } from '../../../features/console-auth/api/sign-out.ts';
import { useSignInRedirectOn401 } from '../../../features/console-auth/hooks/use-sign-in-redirect-on-401.ts';
import {
  buildSignInPath,
  isSessionError,
  SESSION_EXPIRED_MESSAGE,
} from '../../../features/console-auth/sign-in-path.ts';

export const handle = { title: 'Waybill Console' };

/** The signed-in frame around every console screen: the session guard, navigation and Sign out. */
export function Component() {
  useConsoleDocument();
  useSignInRedirectOn401();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
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

  // The console's screens are refused to drivers: they land on the driver app's address instead.
  if (session.data.role === 'driver') return <Navigate to="/driver" replace />;

  return (
    <ConsoleShell
      operatorEmail={session.data.email}
      role={session.data.role}
      signingOut={signOut.isPending}
      onSignOut={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
    >
      <Outlet />
    </ConsoleShell>
  );
}
