import { Paper, Skeleton, Switch, Text } from '@mantine/core';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';

export const NOTIFY_LABEL =
  'E-mail customers automatically when a package is accepted, rejected, changes status or gets a location update';

/**
 * The console's switch for automatic customer notifications (saved on the server at once). Only admins
 * may change it (the server says 403 to operators): the page passes `isAdmin`, operators see it read-only.
 */
export function NotificationSetting({ isAdmin }: { isAdmin: boolean }) {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  function save(notifyCustomers: boolean) {
    update.mutate(
      { notifyCustomers },
      {
        onSuccess: (saved) =>
          notifySuccess({
            title: 'Notification setting saved',
            message: saved.notifyCustomers
              ? 'Customers will be e-mailed about changes to their packages.'
              : 'Customers will no longer be e-mailed automatically.',
          }),
        onError: (error) => notifyError({ title: 'Error saving notification setting', message: error.message }),
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md">
      {settings.isPending ? (
        <Skeleton height={24} />
      ) : settings.isError ? (
        <Text size="sm">Could not load the notification setting: {settings.error.message}</Text>
      ) : (
        <Switch
          label={NOTIFY_LABEL}
          description={
            isAdmin
              ? "The shipper and the receiver each get one e-mail per change, with a link to track the package. The shipper's receipt for a new package is sent either way; it, the About page and the Services page promise these e-mails only while this is on."
              : 'Only an admin can change this setting.'
          }
          checked={update.isPending ? (update.variables?.notifyCustomers ?? false) : settings.data.notifyCustomers}
          disabled={update.isPending || !isAdmin}
          onChange={(event) => save(event.currentTarget.checked)}
        />
      )}
    </Paper>
  );
}
