import { Alert, Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { ConsoleColourModeToggle } from '../../../components/shell/colour-mode-toggle.tsx';
import { AcceptInviteForm } from '../../../features/console-team/components/accept-invite-form.tsx';
import { readFragmentToken } from '../../../lib/link-token.ts';

export const handle = { title: 'Set your password | Waybill Console' };

/**
 * ADMIN_PATH/accept-invite#token=…: the page of an invitation or password-reset link, outside the
 * signed-in frame. The token is read from the fragment, which the browser never sends to the server,
 * and posted in the request's body (an older `?token=` link is moved there at start). Setting the
 * password does not sign in, so success leads to sign-in with a note.
 */
export function Component() {
  useConsoleDocument();
  const navigate = useNavigate();
  const token = readFragmentToken(useLocation().hash);

  return (
    <Box component="main" mih="100vh" p="md">
      <Group justify="flex-end">
        <ConsoleColourModeToggle />
      </Group>
      <Center mt={{ base: 'md', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap="lg">
            <Stack gap={4} align="center" ta="center">
              <IconTruckDelivery size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
              <Title order={1} size="h2">
                Set your password
              </Title>
              <Text c="dimmed" size="sm">
                Waybill operator console
              </Text>
            </Stack>
            {token ? (
              <AcceptInviteForm
                token={token}
                onDone={(message) => navigate('/sign-in', { replace: true, state: { notice: message } })}
              />
            ) : (
              <Alert color="red" variant="light" title="This link is incomplete" role="alert">
                Open the link from your e-mail again, or ask an admin for a new one.{' '}
                <Anchor component={Link} to="/sign-in" size="sm">
                  Sign in
                </Anchor>
              </Alert>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
