import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DeliveryPreferences, deliveryPreferencesSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** GET /api/admin/packages/{code}/preferences: the recipient's or sender's instructions and safe place. */
export function fetchPackagePreferences(trackingCode: string, signal?: AbortSignal): Promise<DeliveryPreferences> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}/preferences`, {
    signal,
    schema: deliveryPreferencesSchema,
  });
}

export function usePackagePreferences(trackingCode: string) {
  return useQuery(
    queryOptions({
      // Under packageKeys.all, so any change to the package refreshes it.
      queryKey: [...packageKeys.all, 'preferences', trackingCode] as const,
      queryFn: ({ signal }) => fetchPackagePreferences(trackingCode, signal),
      retry: false,
    }),
  );
}
