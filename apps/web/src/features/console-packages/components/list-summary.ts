import { countOf } from '@waybill/domain';
import type { ListPage } from '../../../lib/paging.ts';

type PageFacts = Pick<ListPage<unknown>, 'total' | 'totalCapped' | 'page' | 'nextPage'>;

/**
 * How many pages the pager offers. A search's count stops at a cap (the server says so), so past it the
 * pager offers the page after this one while the server does (a full page came back).
 */
export function pagerPages(list: PageFacts | undefined, pageSize: number): number {
  const counted = Math.max(1, Math.ceil((list?.total ?? 0) / pageSize));
  if (!list?.totalCapped) return counted;
  return Math.max(counted, list.nextPage ?? list.page);
}

/** "Showing 25–48 of 200+ packages, newest first", "Showing 1–1 of 1 package, …", or '' for an empty list. */
export function showingText(list: PageFacts | undefined, shown: number, pageSize: number, order: string): string {
  if (!list || list.total === 0 || shown === 0) return '';
  const first = (list.page - 1) * pageSize + 1;
  const last = first + shown - 1;
  if (list.totalCapped) {
    return `Showing ${first}–${last} of ${list.total.toLocaleString('en-US')}+ packages, ${order}`;
  }
  return `Showing ${first}–${Math.min(last, list.total)} of ${countOf(list.total, 'package', 'packages')}, ${order}`;
}
