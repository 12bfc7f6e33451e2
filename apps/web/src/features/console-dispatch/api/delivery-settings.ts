import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DeliverySettings, type DeliverySettingsInput, deliverySettingsSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

const PATH = '/api/admin/delivery-settings';
// Not under the Dispatch keys: every change to a day's runs refetches those, and these rules do not
// change with the runs.
export const deliverySettingsKey = ['delivery-settings'] as const;

export const deliverySettingsQueryOptions = queryOptions({
  queryKey: deliverySettingsKey,
  queryFn: ({ signal }) => apiFetch(PATH, { signal, schema: deliverySettingsSchema }),
  staleTime: 60_000,
  retry: false,
});

/** GET /api/admin/delivery-settings: the depot, the attempts before returning and the failure reasons in force. */
export function useDeliverySettings(enabled = true) {
  return useQuery({ ...deliverySettingsQueryOptions, enabled });
}

/** PUT /api/admin/delivery-settings (admins): the saved settings come back. */
export function updateDeliverySettings(settings: DeliverySettingsInput): Promise<DeliverySettings> {
  return apiFetch(PATH, { method: 'PUT', json: settings, schema: deliverySettingsSchema });
}

/** Saves the settings; the answer replaces the cached ones, so the next opening shows what was saved. */
export function useUpdateDeliverySettings() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (settings: DeliverySettingsInput) => updateDeliverySettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(deliverySettingsKey, saved),
  });
}
