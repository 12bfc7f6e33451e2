import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useEffect } from 'react';
import { SessionLoader, SessionView } from '../../features/console-auth/components/session-view.tsx';
import { buildSignInPath } from '../../features/console-auth/sign-in-path.ts';
import { DriverApp } from '../../features/driver/components/driver-app.tsx';
import { registerDriverWorker } from '../../features/driver/worker/register-worker.ts';
import { consoleAddress, openConsolePage, readConsoleBase } from '../../lib/console-base.ts';
import { SignOutButton } from './sign-out-button.tsx';

/**
 * ADMIN_PATH/driver: the driver app, a page of its own (app/entry-driver.tsx) with no console router.
 * A driver who signs in lands here (the console's screens are refused to drivers); an admin may open it
 * to try it (with a run of their own); an operator is told the address is the drivers'.
 */
export function DriverPage() {
  useEffect(() => registerDriverWorker(), []);
  // The marker the console and the public pages set once interactive, which browser tests wait for.
  useEffect(() => document.documentElement.setAttribute('data-waybill-ready', ''), []);
  return (
    <SessionView toSignIn={({ expired }) => <ToSignIn expired={expired} />}>
      {(session) =>
        session.role === 'operator' ? (
          <DriversOnly />
        ) : (
          <DriverApp session={session} signOut={(waiting) => <SignOutButton waiting={waiting} />} />
        )
      }
    </SessionView>
  );
}

/** No session: the console's sign-in page, which comes back here after. */
function ToSignIn({ expired }: { expired: boolean }) {
  useEffect(() => {
    const here = `${window.location.pathname.slice((readConsoleBase() ?? '').length)}${window.location.search}`;
    openConsolePage(buildSignInPath(here, { expired }));
  }, [expired]);
  return <SessionLoader />;
}

function DriversOnly() {
  return (
    <Box component="main" mih="100vh" p="md">
      <Center mt={{ base: 'md', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
          <Stack gap="md" align="center" ta="center">
            <IconTruckDelivery size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Title order={1} size="h2">
              Driver app
            </Title>
            <Text>This address is the drivers': their run of the day opens here.</Text>
            <Anchor href={consoleAddress('/')}>Back to packages</Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
