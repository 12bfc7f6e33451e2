/** Query keys of the console's texts. */
export const textKeys = {
  all: ['console-texts'] as const,
  list: (page: number, pageSize: number, state: string) => ['console-texts', 'list', page, pageSize, state] as const,
  settings: () => ['console-texts', 'settings'] as const,
};
