/** The rows of one page of a list: `page` counts from 1. */
export function pageWindow({ page, pageSize }: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
