import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** Whether customers are e-mailed automatically about changes to their package. */
export interface NotificationSettings {
  notifyCustomers: boolean;
}

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: mailKeys.settings(),
  queryFn: ({ signal }) => apiFetch<NotificationSettings>('/api/admin/notification-settings', { signal }),
  retry: false,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}
