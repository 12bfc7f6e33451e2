import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { mailKeys } from './mail-keys.ts';

/** One entry of GET /api/admin/mail-log. */
export interface MailLogEntry {
  _id: string;
  to: string;
  subject: string;
  template: string;
  status: 'sent' | 'failed';
  error: string | null;
  createdAt: string;
}

export interface MailLogPage {
  items: MailLogEntry[];
  total: number;
}

/** One page of the mail log, newest first, with the X-Total-Count the server counted. */
export async function fetchMailLogPage(page: number, pageSize: number, signal?: AbortSignal): Promise<MailLogPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  const { data, headers } = await apiRequest<MailLogEntry[]>(`/api/admin/mail-log?${params}`, { signal });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) ? total : data.length };
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
