import type { FastifyReply } from 'fastify';

export const DEFAULT_INBOX_PAGE_SIZE = 20;

/**
 * The paging headers of the console lists: X-Total-Count, X-Page, X-Page-Size, and on every page but
 * the last X-Next-Page with a `Link: <…>; rel="next"` that keeps the other query parameters.
 */
export function setPagingHeaders(
  reply: FastifyReply,
  path: string,
  paging: { page: number; pageSize: number; total: number },
  otherParams: Record<string, string | undefined> = {},
): void {
  const { page, pageSize, total } = paging;
  reply.header('X-Total-Count', total).header('X-Page', page).header('X-Page-Size', pageSize);
  if (page * pageSize >= total) return;
  const next = new URLSearchParams({ page: String(page + 1), pageSize: String(pageSize) });
  for (const [key, value] of Object.entries(otherParams)) if (value) next.set(key, value);
  reply.header('X-Next-Page', page + 1).header('Link', `<${path}?${next}>; rel="next"`);
}
