import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * On the sign-in page no console answer may stay cached: after a sign-out or an expiry the next
 * operator must not see the previous one's packages, and the frame must ask the server for the session
 * again. Done here rather than at sign-out, where the still-mounted frame would refetch at once.
 */
export function useForgetConsoleData(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.removeQueries();
  }, [queryClient]);
}
