import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type PackageView, packageViewSchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';
import { mailKeys } from './mail-keys.ts';

/** How many saved packages the picker offers at once. */
export const PACKAGE_SEARCH_SIZE = 10;

/** Saved packages matching `q` (tracking code, names, e-mails or phones), newest first. */
export async function searchPackages(q: string, signal?: AbortSignal): Promise<PackageView[]> {
  const first = await fetchPage('/api/admin/packages', {
    item: packageViewSchema,
    page: 1,
    pageSize: PACKAGE_SEARCH_SIZE,
    filters: { q: q.trim() },
    signal,
  });
  return first.items;
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
