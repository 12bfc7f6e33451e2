/** Query keys of the console's mail data. */
export const mailKeys = {
  all: ['console-mail'] as const,
  log: (page: number, pageSize: number) => ['console-mail', 'log', page, pageSize] as const,
  settings: () => ['console-mail', 'notification-settings'] as const,
  packageSearch: (q: string) => ['console-mail', 'package-search', q] as const,
};
