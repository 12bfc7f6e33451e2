import { z } from 'zod';
import { numberAtLeast } from './fields.ts';

/** A page past this is past any list Waybill keeps; (page - 1) × pageSize stays far inside an integer. */
export const MAX_PAGE = 1_000_000;
export const MAX_PAGE_SIZE = 100;
export const PAGE_MESSAGE = `page must be a whole number from 1 to ${MAX_PAGE}`;
export const PAGE_SIZE_MESSAGE = `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

const wholeNumber = (max: number, message: string) =>
  numberAtLeast(1, message, { int: true, intMessage: message, max, maxMessage: message });

/**
 * `page` and `pageSize` of a console list, read as decimal text like every number ("0x10", "1e400",
 * "-0" and 40 digits are refused with the field's message); each list names its default page size.
 */
export function pageQueryFields(defaultPageSize: number) {
  return {
    page: wholeNumber(MAX_PAGE, PAGE_MESSAGE).optional().default(1),
    pageSize: wholeNumber(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE).optional().default(defaultPageSize),
  };
}

/** The query of a list that takes nothing but the page. */
export function pageQuerySchema(defaultPageSize: number) {
  return z.object(pageQueryFields(defaultPageSize));
}

/**
 * The headers every console list answers with: the body stays a plain array (SPEC §7), the count and
 * the way on travel here. `X-Next-Page` and `Link: <…>; rel="next"` are absent on the last page.
 */
export const PAGING_HEADERS = {
  total: 'X-Total-Count',
  /** Present when the count stopped at a cap (its value; then X-Total-Count is the cap): "1,000+". */
  totalCapped: 'X-Total-Count-Capped',
  page: 'X-Page',
  pageSize: 'X-Page-Size',
  nextPage: 'X-Next-Page',
  link: 'Link',
} as const;

/** One page of a list as a client holds it: the body's items and the paging headers read back. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
