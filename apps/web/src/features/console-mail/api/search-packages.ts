import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentView } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** How many saved packages the picker offers at once. */
export const PACKAGE_SEARCH_SIZE = 10;

/** Saved packages matching `q` (tracking code, names, e-mails or phones), newest first. */
export function searchPackages(q: string, signal?: AbortSignal): Promise<ShipmentView[]> {
  const params = new URLSearchParams({ page: '1', pageSize: String(PACKAGE_SEARCH_SIZE) });
  if (q.trim()) params.set('q', q.trim());
  return apiFetch<ShipmentView[]>(`/api/admin/packages?${params}`, { signal });
}

export function packageSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: mailKeys.packageSearch(q.trim()),
    queryFn: ({ signal }) => searchPackages(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}

export function usePackageSearch(q: string, enabled = true) {
  return useQuery({ ...packageSearchQueryOptions(q), enabled });
}
