import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditEntry, auditEntrySchema } from '@waybill/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

const historySchema = z.array(auditEntrySchema);

/** GET /api/admin/packages/{trackingCode}/history: who did what to the package, newest first. */
export function fetchPackageHistory(trackingCode: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return apiFetch(`/api/admin/packages/${encodeURIComponent(trackingCode)}/history`, { signal, schema: historySchema });
}

export function packageHistoryQueryOptions(trackingCode: string) {
  return queryOptions({
    // Under packageKeys.all, so every change made in the console refreshes the history too.
    queryKey: [...packageKeys.all, 'history', trackingCode] as const,
    queryFn: ({ signal }) => fetchPackageHistory(trackingCode, signal),
    retry: false,
  });
}

export function usePackageHistory(trackingCode: string) {
  return useQuery(packageHistoryQueryOptions(trackingCode));
}
