import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * This year, safe for prerendered pages: the HTML was rendered with the build's year, and hydration
 * starts from that same year (so the markup matches) before React moves to today's year. Text such
 * as "16 years of deliveries" then stays right in later years without a rebuild and without a
 * hydration mismatch.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}
