import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditShow, auditEntrySchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';

/** What the Activity page asks the log for; empty strings mean "no filter", dates are YYYY-MM-DD. */
export interface AuditFilter {
  page: number;
  /** Changes (the page's default), sign-ins, or all. */
  show: AuditShow;
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

export const ACTIVITY_PAGE_SIZE = 50;

/** The first instant of a local calendar day, or of the day after it for an inclusive "to". */
export function dayBoundary(date: string, endOfDay: boolean): string | undefined {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  const local = new Date(year, month - 1, day + (endOfDay ? 1 : 0));
  if (endOfDay) local.setMilliseconds(-1);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}

/** GET /api/admin/audit: one page of the log for the filter, newest first, with the total. */
export function fetchAuditPage(filter: AuditFilter, signal?: AbortSignal) {
  return fetchPage('/api/admin/audit', {
    item: auditEntrySchema,
    page: filter.page,
    pageSize: ACTIVITY_PAGE_SIZE,
    filters: {
      show: filter.show,
      actor: filter.actor.trim(),
      action: filter.action,
      target: filter.target.trim(),
      from: filter.from ? dayBoundary(filter.from, false) : undefined,
      to: filter.to ? dayBoundary(filter.to, true) : undefined,
    },
    signal,
  });
}

export function auditPageQueryOptions(filter: AuditFilter) {
  return queryOptions({
    queryKey: ['console-audit', 'list', filter] as const,
    queryFn: ({ signal }) => fetchAuditPage(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    retry: false,
  });
}

export function useAuditPage(filter: AuditFilter) {
  return useQuery(auditPageQueryOptions(filter));
}
