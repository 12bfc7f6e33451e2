import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: mailKeys.settings(),
  queryFn: ({ signal }) => apiFetch('/api/admin/notification-settings', { signal, schema: notificationSettingsSchema }),
  retry: false,
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}
