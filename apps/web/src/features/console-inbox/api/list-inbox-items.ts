import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { InboxItem } from '../inbox-item.ts';
import { type InboxListFilter, inboxKeys } from './inbox-keys.ts';

export const INBOX_PAGE_SIZE = 20;

/** One page of the inbox, newest first, with the total the server counted for the same filter. */
export interface InboxPage {
  items: InboxItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/inbox: the total travels in X-Total-Count. */
export async function fetchInboxPage(filter: InboxListFilter, signal?: AbortSignal): Promise<InboxPage> {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(filter.pageSize) });
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.state) params.set('state', filter.state);
  const { data, headers } = await apiRequest<InboxItem[]>(`/api/admin/inbox?${params}`, { signal });
  const total = Number(headers.get('X-Total-Count'));
  return {
    items: data,
    total: Number.isFinite(total) ? total : data.length,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export function inboxPageQueryOptions(filter: InboxListFilter) {
  return queryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ signal }) => fetchInboxPage(filter, signal),
    // Requests keep arriving: a page is worth refreshing when the operator comes back to it.
    staleTime: 10_000,
    retry: false,
  });
}

/** The page the Inbox shows; the previous page stays on screen while the next one loads. */
export function useInboxPage(filter: InboxListFilter) {
  return useQuery({ ...inboxPageQueryOptions(filter), placeholderData: keepPreviousData });
}
