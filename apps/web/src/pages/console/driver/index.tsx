import { Anchor, Box, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import type { OperatorSession } from '@waybill/domain';
import { Link, useNavigate } from 'react-router';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { ConsoleColourModeToggle } from '../../../components/shell/colour-mode-toggle.tsx';
import { useSignOut } from '../../../features/console-auth/api/sign-out.ts';
import { SessionGate } from '../../../features/console-auth/components/session-gate.tsx';

export const handle = { title: 'Driver app | Waybill' };

/**
 * ADMIN_PATH/driver: where the driver app will open. A driver who signs in to the console lands here
 * (the console's screens are refused to drivers); until the app exists the page says so, and offers
 * signing out. An operator or admin who opens the address is told it is the drivers'.
 */
export function Component() {
  useConsoleDocument();
  return <SessionGate>{(session) => <DriverAppAddress session={session} />}</SessionGate>;
}

function DriverAppAddress({ session }: { session: OperatorSession }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const driver = session.role === 'driver';
  return (
    <Box component="main" mih="100vh" p="md">
      <Group justify="flex-end">
        <ConsoleColourModeToggle />
      </Group>
      <Center mt={{ base: 'md', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
          <Stack gap="md" align="center" ta="center">
            <IconTruckDelivery size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Title order={1} size="h2">
              Driver app
            </Title>
            {driver ? (
              <>
                <Text>
                  You are signed in as a driver ({session.email}). Your run of the day will be shown on this page, in
                  the driver app, which is not ready yet.
                </Text>
                <Text c="dimmed" size="sm">
                  The console's screens are for operators and admins. Ask your dispatcher for today's run.
                </Text>
              </>
            ) : (
              <>
                <Text>This address is the drivers': the driver app will open here for them.</Text>
                <Anchor component={Link} to="/">
                  Back to packages
                </Anchor>
              </>
            )}
            <Button
              variant="default"
              loading={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
            >
              Sign out
            </Button>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
