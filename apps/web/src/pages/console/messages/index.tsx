import { Stack, Text, Title } from '@mantine/core';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { useIsAdmin } from '../../../features/console-auth/api/get-session.ts';
import { MessagesLog } from '../../../features/console-texts/components/messages-log.tsx';
import { TextSettingsPanel } from '../../../features/console-texts/components/text-settings-form.tsx';

export const handle = { title: 'Messages | Waybill Console' };

/** ADMIN_PATH/messages: the texts sent to receivers, and their settings (admins change them). */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <ConsolePage>
      <Stack gap="lg">
        <div>
          <Title order={1}>Messages</Title>
          <Text mt={4}>Every text message sent to a receiver, with its state, and when texts may go.</Text>
        </div>
        <TextSettingsPanel isAdmin={isAdmin} />
        <MessagesLog />
      </Stack>
    </ConsolePage>
  );
}
