import { MAX_PAGE_SIZE } from '@waybill/domain';
import { z } from 'zod';
import { fetchPage } from '../../../lib/paging.ts';

/** What the list answers of each package when only its code and status are needed. */
export const codeAndStatus = z.object({ trackingCode: z.string(), status: z.string() });

/**
 * The status of the package with this tracking code, or null when no package has it. Asked of the list's
 * search, where a whole tracking code matches exactly: an unknown code is an empty list (a normal answer
 * while scanning), not a 404 the browser would log as an error.
 */
export async function findPackageStatus(trackingCode: string, signal?: AbortSignal): Promise<string | null> {
  const wanted = trackingCode.trim().toUpperCase();
  const answer = await fetchPage('/api/admin/packages', {
    item: codeAndStatus,
    page: 1,
    pageSize: 5,
    filters: { q: wanted },
    signal,
  });
  return answer.items.find((item) => item.trackingCode.toUpperCase() === wanted)?.status ?? null;
}

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
