import type { QueryClient } from '@tanstack/react-query';
import { UNASSIGNED_PAGE_SIZE } from '@waybill/domain';
import { driversQueryOptions } from './list-drivers.ts';
import { runsQueryOptions } from './list-runs.ts';
import { unassignedQueryOptions } from './list-unassigned.ts';

/**
 * Asks for what Dispatch opens with (the day's runs, the first page of its packages left to plan, the
 * drivers) at once, alongside the session, rather than once the session has answered and the page is
 * drawn. Without a session they fail with a 401 like the session itself, and are asked again after sign-in.
 */
export function prefetchDispatch(queryClient: QueryClient, date: string): void {
  void queryClient.prefetchQuery(runsQueryOptions(date));
  void queryClient.prefetchQuery(unassignedQueryOptions({ date, q: '', page: 1, pageSize: UNASSIGNED_PAGE_SIZE }));
  void queryClient.prefetchQuery(driversQueryOptions);
}
