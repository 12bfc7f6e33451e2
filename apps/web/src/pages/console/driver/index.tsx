import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { SessionGate } from '../../../features/console-auth/components/session-gate.tsx';
import { DriverApp } from '../../../features/driver/components/driver-app.tsx';
import { registerDriverWorker } from '../../../features/driver/worker/register-worker.ts';
import { SignOutButton } from './sign-out-button.tsx';

export const handle = { title: 'Driver app | Waybill' };

/**
 * ADMIN_PATH/driver: the driver app. A driver who signs in lands here (the console's screens are
 * refused to drivers); an admin may open it to try it (with a run of their own); an operator is told
 * the address is the drivers'.
 */
export function Component() {
  useConsoleDocument();
  useEffect(() => registerDriverWorker(), []);
  return (
    <SessionGate>
      {(session) =>
        session.role === 'operator' ? (
          <DriversOnly />
        ) : (
          <DriverApp session={session} signOut={(waiting) => <SignOutButton waiting={waiting} />} />
        )
      }
    </SessionGate>
  );
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
            <Anchor component={Link} to="/">
              Back to packages
            </Anchor>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
