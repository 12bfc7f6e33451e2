import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { inboxItemSchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';
import { type InboxListFilter, inboxKeys } from './inbox-keys.ts';

/** GET /api/admin/inbox: one page, newest first, with the total the server counted for the same filter. */
export function fetchInboxPage(filter: InboxListFilter, signal?: AbortSignal) {
  return fetchPage('/api/admin/inbox', {
    item: inboxItemSchema,
    page: filter.page,
    pageSize: filter.pageSize,
    filters: { kind: filter.kind, state: filter.state },
    signal,
  });
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
