import { Paper, Stack, Text, Title } from '@mantine/core';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { ChangePasswordForm } from '../../../features/console-team/components/change-password-form.tsx';

export const handle = { title: 'Change password | Waybill Console' };

/** ADMIN_PATH/password: the signed-in operator's own password. */
export function Component() {
  return (
    <ConsolePage contentWidth="30rem">
      <Stack gap="lg">
        <div>
          <Title order={1}>Change password</Title>
          <Text mt={4}>Your other sessions are signed out; this one stays.</Text>
        </div>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <ChangePasswordForm />
        </Paper>
      </Stack>
    </ConsolePage>
  );
}
