import { PAGING_HEADERS } from '@waybill/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const integerHeader = (description: string) => ({ type: 'integer', minimum: 0, description });

/** The paging headers as the API description lists them on every list's 200 answer. */
const PAGING_HEADER_DOCS = {
  [PAGING_HEADERS.total]: integerHeader('How many items the whole list holds (for this filter)'),
  [PAGING_HEADERS.page]: integerHeader('The page answered'),
  [PAGING_HEADERS.pageSize]: integerHeader('The page size answered'),
  [PAGING_HEADERS.nextPage]: integerHeader('The next page; absent on the last page'),
  [PAGING_HEADERS.link]: {
    type: 'string',
    description: '`<url of the next page>; rel="next"`, keeping the filters; absent on the last page',
  },
};

const CAPPED_HEADER_DOCS = {
  [PAGING_HEADERS.totalCapped]: integerHeader(
    'Present when the count stopped at this cap (then X-Total-Count is the cap, and the next page is offered while a full page came back)',
  ),
};

/**
 * The 200 answer of a console list: a plain array (SPEC §7), newest first; the count and the next page
 * travel in the paging headers, declared here for the API description. `capped`: a list whose count
 * may stop at a cap.
 */
export function pageAnswer<T extends z.ZodType>(item: T, options: { capped?: boolean } = {}) {
  const headers = options.capped ? { ...PAGING_HEADER_DOCS, ...CAPPED_HEADER_DOCS } : PAGING_HEADER_DOCS;
  return z.array(item).meta({ description: 'One page, newest first', headers });
}

export interface PageOf<T> {
  items: T[];
  /** The count, or the cap it stopped at when `capped`. */
  total: number;
  capped?: boolean;
  page: number;
  pageSize: number;
}

/**
 * Answers one page of a list: the items as the body, X-Total-Count (and X-Total-Count-Capped when the
 * count stopped at a cap), X-Page and X-Page-Size, and on every page but the last X-Next-Page with a `Link: <…>; rel="next"` that keeps the list's other
 * query parameters (its filters, as the route's schema read them).
 */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { items, total, capped = false, page, pageSize }: PageOf<T>,
) {
  reply.header(PAGING_HEADERS.total, total).header(PAGING_HEADERS.page, page).header(PAGING_HEADERS.pageSize, pageSize);
  if (capped) reply.header(PAGING_HEADERS.totalCapped, total);
  // Past a capped count the end is unknown: a full page means there may be another.
  if (capped ? items.length === pageSize : page * pageSize < total) {
    const next = new URLSearchParams({ page: String(page + 1), pageSize: String(pageSize) });
    for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
      if (name !== 'page' && name !== 'pageSize' && typeof value === 'string' && value !== '') next.set(name, value);
    }
    reply
      .header(PAGING_HEADERS.nextPage, page + 1)
      .header(PAGING_HEADERS.link, `<${request.routeOptions.url}?${next}>; rel="next"`);
  }
  return items;
}
