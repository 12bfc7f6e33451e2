import type { PackageSort, SortOrder } from '@waybill/domain';

/** Query keys of the console's package data; invalidating `all` refreshes list, counts and details. */
export const packageKeys = {
  all: ['console-packages'] as const,
  list: (filter: PackageListFilter) => ['console-packages', 'list', filter] as const,
  stats: () => ['console-packages', 'stats'] as const,
  detail: (trackingCode: string) => ['console-packages', 'detail', trackingCode] as const,
};

/** What the dashboard asks the list for; empty strings mean "no filter". */
export interface PackageListFilter {
  page: number;
  pageSize: number;
  q: string;
  status: string;
  /** Only the packages that need attention, each with its reasons. */
  attention?: boolean;
  /** Absent: newest created first, the server's default. */
  sort?: PackageSort;
  order?: SortOrder;
}
