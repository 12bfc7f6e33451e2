import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { runPackageSchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';
import { dispatchKeys, type UnassignedFilter } from './dispatch-keys.ts';

/** GET /api/admin/runs/unassigned?date&q&page&pageSize: one page of the packages left to plan that day. */
export function unassignedQueryOptions(filter: UnassignedFilter) {
  return queryOptions({
    queryKey: dispatchKeys.unassigned(filter),
    queryFn: ({ signal }) =>
      fetchPage('/api/admin/runs/unassigned', {
        item: runPackageSchema,
        page: filter.page,
        pageSize: filter.pageSize,
        filters: { date: filter.date, q: filter.q.trim() },
        signal,
      }),
    // A new search or page keeps the previous rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}

export function useUnassigned(filter: UnassignedFilter) {
  return useQuery(unassignedQueryOptions(filter));
}
