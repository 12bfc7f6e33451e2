import { useQueries } from '@tanstack/react-query';
import { trackResultQueryOptions } from './track-package.ts';

/**
 * The tracking answers of several codes, one GET /api/track/{code} each, all at once. The same cache
 * entries as one code's page, so opening a row's page shows its answer at once while it refreshes.
 * One request per code rather than a batch route: each counts once against the visitor's tracking
 * limit, so a list of codes is no cheaper a way to guess codes than typing them one by one.
 */
export function useTrackResults(codes: readonly string[]) {
  return useQueries({ queries: codes.map((code) => trackResultQueryOptions(code)) });
}
