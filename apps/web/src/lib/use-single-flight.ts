import { useCallback, useRef } from 'react';

/**
 * Wraps an async action so that calls made while one runs are dropped (resolving undefined): a
 * double click or Enter pressed twice. The guard is a ref, set before the first await, so it holds
 * even before React has re-rendered the button in its loading state.
 */
export function useSingleFlight<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
): (...args: A) => Promise<R | undefined> {
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  return useCallback(async (...args: A) => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await latest.current(...args);
    } finally {
      running.current = false;
    }
  }, []);
}
