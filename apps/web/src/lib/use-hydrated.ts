import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while React hydrates a prerendered page, true from the render after it (and at once on a page
 * rendered in the browser). The prerendered HTML knows the path but not the query string, so what a
 * page draws from `?…` waits for this: the first render then equals the HTML and hydration succeeds.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
