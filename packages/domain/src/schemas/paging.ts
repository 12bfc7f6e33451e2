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
