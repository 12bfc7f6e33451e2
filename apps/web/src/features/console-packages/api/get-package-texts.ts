import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TextEntry, textEntrySchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

const textsSchema = z.array(textEntrySchema);

/** GET /api/admin/packages/{trackingCode}/texts: the package's texts, numbers masked, newest first. */
export function fetchPackageTexts(trackingCode: string, signal?: AbortSignal): Promise<TextEntry[]> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}/texts`, { signal, schema: textsSchema });
}

export function usePackageTexts(trackingCode: string) {
  return useQuery(
    queryOptions({
      // Under packageKeys.all, so every change made in the console refreshes them with the history.
      queryKey: [...packageKeys.all, 'texts', trackingCode] as const,
      queryFn: ({ signal }) => fetchPackageTexts(trackingCode, signal),
      retry: false,
    }),
  );
}
