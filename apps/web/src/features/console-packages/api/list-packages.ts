import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { packageViewSchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';
import { type PackageListFilter, packageKeys } from './package-keys.ts';

/** GET /api/admin/packages?page&pageSize&q&status&sort&order&attention: one page, with the total for the filter. */
export function fetchPackagePage(filter: PackageListFilter, signal?: AbortSignal) {
  return fetchPage('/api/admin/packages', {
    item: packageViewSchema,
    page: filter.page,
    pageSize: filter.pageSize,
    filters: {
      q: filter.q.trim(),
      status: filter.status,
      sort: filter.sort,
      order: filter.order,
      attention: filter.attention ? '1' : undefined,
    },
    signal,
  });
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

/**
 * How many packages need attention, for the dashboard's switch: one item asked for, so the server
 * answers the capped count (at most 201 rows read) and a single card.
 */
export function useAttentionCount() {
  return useQuery({
    queryKey: [...packageKeys.all, 'attention-count'],
    queryFn: async ({ signal }) => {
      const { total, totalCapped } = await fetchPage('/api/admin/packages', {
        item: packageViewSchema,
        page: 1,
        pageSize: 1,
        filters: { attention: '1' },
        signal,
      });
      return { total, totalCapped };
    },
    staleTime: 15_000,
    retry: false,
  });
}
