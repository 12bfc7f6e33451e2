import type { InboxKind, InboxState } from '@waybill/domain';

export interface InboxListFilter {
  kind?: InboxKind;
  state?: InboxState;
  page: number;
  pageSize: number;
}

/** Query keys of the inbox: everything under `all`, so one invalidation refreshes lists and counts. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: (filter: InboxListFilter) => ['inbox', 'list', filter] as const,
  stats: () => ['inbox', 'stats'] as const,
};
