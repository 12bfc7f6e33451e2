import { Alert, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClockExclamation, IconTruckDelivery } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useConsoleDocument } from '../../../components/console-shell/use-console-document.ts';
import { ConsoleColourModeToggle } from '../../../components/shell/colour-mode-toggle.tsx';
import { SignInForm } from '../../../features/console-auth/components/sign-in-form.tsx';
import { useForgetConsoleData } from '../../../features/console-auth/hooks/use-forget-console-data.ts';
import { readReturnPath, SESSION_EXPIRED_MESSAGE } from '../../../features/console-auth/sign-in-path.ts';

export const handle = { title: 'Sign in | Waybill Console' };

/** The operator's way in; `?next=` is the console route to return to, `?expired=1` explains why they are here. */
export function Component() {
  useConsoleDocument();
  useForgetConsoleData();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = readReturnPath(params.get('next'));
  const expired = params.get('expired') === '1';
  // A page that sent the operator here with news (a password just set) passes it in the history state.
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string'
      ? state.notice
      : undefined;

  return (
    <Box component="main" mih="100vh" p="md">
      <Group justify="flex-end">
        <ConsoleColourModeToggle />
      </Group>
      <Center mt={{ base: 'md', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <IconTruckDelivery size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
              <Title order={1} size="h2">
                Sign in
              </Title>
              <Text c="dimmed" size="sm">
                Waybill operator console
              </Text>
            </Stack>
            {expired ? (
              <Alert
                color="yellow"
                variant="light"
                title="Session expired"
                icon={<IconClockExclamation size={20} aria-hidden />}
                // Mantine's yellow title text is below 4.5:1 on its own light background.
                styles={{ title: { color: 'var(--mantine-color-text)' } }}
              >
                {SESSION_EXPIRED_MESSAGE}
              </Alert>
            ) : null}
            {notice ? (
              <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} aria-hidden />}>
                {notice}
              </Alert>
            ) : null}
            <SignInForm onSignedIn={() => navigate(next, { replace: true })} />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
