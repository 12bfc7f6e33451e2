import { useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import type { NotificationSettings } from './get-notification-settings.ts';
import { mailKeys } from './mail-keys.ts';

export function updateNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return apiFetch<NotificationSettings>('/api/admin/notification-settings', { method: 'PUT', json: settings });
}

/** Saves the setting; the switch shows what the server answered. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (settings: NotificationSettings) => updateNotificationSettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(mailKeys.settings(), saved),
  });
}
