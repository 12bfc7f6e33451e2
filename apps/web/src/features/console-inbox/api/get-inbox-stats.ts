import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import type { InboxKind } from '../inbox-item.ts';
import { inboxKeys } from './inbox-keys.ts';

/** How many items are still new, in all and per kind. */
export interface InboxStats {
  new: number;
  byKind: Record<InboxKind, number>;
}

/** GET /api/admin/inbox-stats: for a count beside the Inbox link. */
export const inboxStatsQueryOptions = queryOptions({
  queryKey: inboxKeys.stats(),
  queryFn: ({ signal }) => apiFetch<InboxStats>('/api/admin/inbox-stats', { signal }),
  staleTime: 30_000,
  retry: false,
});

export function useInboxStats() {
  return useQuery(inboxStatsQueryOptions);
}
