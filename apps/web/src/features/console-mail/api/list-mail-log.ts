import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailLogEntrySchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';
import { mailKeys } from './mail-keys.ts';

/** GET /api/admin/mail-log: one page, newest first, with the total the server counted. */
export function fetchMailLogPage(page: number, pageSize: number, signal?: AbortSignal) {
  return fetchPage('/api/admin/mail-log', { item: mailLogEntrySchema, page, pageSize, signal });
}

export function mailLogQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: mailKeys.log(page, pageSize),
    queryFn: ({ signal }) => fetchMailLogPage(page, pageSize, signal),
    // Turning a page keeps the previous rows until the next ones arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMailLog(page: number, pageSize: number) {
  return useQuery(mailLogQueryOptions(page, pageSize));
}
