import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShipmentView } from '@waybill/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { type PackageListFilter, packageKeys } from './package-keys.ts';

/** One page of packages, newest first, with the total the server counted for the same filter. */
export interface PackagePage {
  items: ShipmentView[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/packages?page&pageSize&q&status: the array body plus the X-Total-Count header. */
export async function fetchPackagePage(filter: PackageListFilter, signal?: AbortSignal): Promise<PackagePage> {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  const { data, headers } = await apiRequest<ShipmentView[]>(`/api/admin/packages?${params}`, { signal });
  const total = Number(headers.get('X-Total-Count'));
  return {
    items: data,
    total: Number.isFinite(total) ? total : data.length,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export function packagePageQueryOptions(filter: PackageListFilter) {
  return queryOptions({
    queryKey: packageKeys.list(filter),
    queryFn: ({ signal }) => fetchPackagePage(filter, signal),
    // Typing a search or turning a page keeps the previous cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
}

export function usePackagePage(filter: PackageListFilter) {
  return useQuery(packagePageQueryOptions(filter));
}
