/** The query keys of Dispatch: a day's runs, a page of its unplanned packages, the drivers. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  runs: (date: string) => [...dispatchKeys.all, 'runs', date] as const,
  unassigned: (filter: UnassignedFilter) => [...dispatchKeys.all, 'unassigned', filter] as const,
  drivers: () => [...dispatchKeys.all, 'drivers'] as const,
};

export interface UnassignedFilter {
  date: string;
  q: string;
  page: number;
  pageSize: number;
}
