import { Stack, Text, Title } from '@mantine/core';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import { useIsAdmin } from '../../../features/console-auth/api/get-session.ts';
import { EmailComposer } from '../../../features/console-mail/components/email-composer.tsx';
import { MailLog } from '../../../features/console-mail/components/mail-log.tsx';
import { NotificationSetting } from '../../../features/console-mail/components/notification-setting.tsx';

export const handle = { title: 'Send Mail | Waybill Console' };

/** The e-mail composer, the automatic-notification switch and the mail log. */
export function Component() {
  const isAdmin = useIsAdmin();
  return (
    <ConsolePage>
      <Stack gap="lg">
        <div>
          <Title order={1}>Send Mail</Title>
          <Text mt={4}>Write to a customer, check the preview, and see every e-mail the server sent.</Text>
        </div>
        <NotificationSetting isAdmin={isAdmin} />
        <EmailComposer />
        <MailLog />
      </Stack>
    </ConsolePage>
  );
}
