import { QueryClient } from '@tanstack/react-query';

/**
 * The data cache of the web's reads and writes: one per page load in the browser (the console's, or the
 * islands' of a public page, which share it), one per island the server renders. Contact details and
 * plans are read once and shared by every block that shows them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
