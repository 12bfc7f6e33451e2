import { PAGING_HEADERS } from '@waybill/domain';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';

/** One page of a console list as the web holds it: the items and the paging headers read back. */
export interface ListPage<T> {
  items: T[];
  /** How many items the whole list holds for this filter (X-Total-Count), or the cap the count stopped at. */
  total: number;
  /** The count stopped at a cap (X-Total-Count-Capped): there are more than `total`, shown as "200+". */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** The page after this one, or null on the last page (X-Next-Page). */
  nextPage: number | null;
}

export interface PageRequest<S extends z.ZodType> {
  /** The schema of one item from @waybill/domain; the body is an array of them. */
  item: S;
  page: number;
  pageSize: number;
  /** The list's filters, sent as given; undefined and empty ones are left out of the query. */
  filters?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** A paging header as a whole number, or undefined when absent or not one. */
function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * GET one page of a console list (SPEC §7: the body is a plain array): sends `page` and `pageSize`
 * with the filters, and reads X-Total-Count (and X-Total-Count-Capped), X-Page, X-Page-Size and X-Next-Page. The one way the web
 * pages through a list, so every list reads the same headers the same way.
 */
export async function fetchPage<S extends z.ZodType>(
  path: string,
  { item, page, pageSize, filters = {}, signal }: PageRequest<S>,
): Promise<ListPage<z.output<S>>> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const { data, headers } = await apiRequest(`${path}?${params}`, { schema: z.array(item), signal });
  return {
    items: data,
    total: headerNumber(headers, PAGING_HEADERS.total) ?? data.length,
    totalCapped: headerNumber(headers, PAGING_HEADERS.totalCapped) !== undefined,
    page: headerNumber(headers, PAGING_HEADERS.page) ?? page,
    pageSize: headerNumber(headers, PAGING_HEADERS.pageSize) ?? pageSize,
    nextPage: headerNumber(headers, PAGING_HEADERS.nextPage) ?? null,
  };
}
