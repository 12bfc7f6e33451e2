import { MAX_PAGE_SIZE } from '@waybill/domain';
import { z } from 'zod';
import { fetchPage } from '../../../lib/paging.ts';

const codeAndStatus = z.object({ trackingCode: z.string(), status: z.string() });

/**
 * Every tracking code (with its status) the search and status filter match, across all pages, by paging the list at its
 * largest page size (newest created first, so a package added meanwhile shifts pages forward and is
 * seen twice rather than missed; repeats are dropped).
 */
export async function listMatchingCodes(filter: { q: string; status: string }, signal?: AbortSignal) {
  const codes = new Map<string, string>();
  for (let page = 1; ; page++) {
    const answer = await fetchPage('/api/admin/packages', {
      item: codeAndStatus,
      page,
      pageSize: MAX_PAGE_SIZE,
      filters: { q: filter.q.trim(), status: filter.status },
      signal,
    });
    for (const { trackingCode, status } of answer.items) codes.set(trackingCode, status);
    if (answer.nextPage === null || answer.items.length === 0) return codes;
  }
}
