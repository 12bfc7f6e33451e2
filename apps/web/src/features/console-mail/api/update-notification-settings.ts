import { useQueryClient } from '@tanstack/react-query';
import { type NotificationSettings, notificationSettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { mailKeys } from './mail-keys.ts';

export function updateNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return apiFetch('/api/admin/notification-settings', {
    method: 'PUT',
    json: settings,
    schema: notificationSettingsSchema,
  });
}

/** Saves the setting; the switch shows what the server answered. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (settings: NotificationSettings) => updateNotificationSettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(mailKeys.settings(), saved),
  });
}
