import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FeedbackWeek, feedbackWeekSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { packageKeys } from './package-keys.ts';

/** GET /api/admin/feedback?week=: a week's ratings (this week's without `week`). */
export function fetchFeedbackWeek(week: string | undefined, signal?: AbortSignal): Promise<FeedbackWeek> {
  const query = week ? `?week=${encodeURIComponent(week)}` : '';
  return apiFetch(`/api/admin/feedback${query}`, { signal, schema: feedbackWeekSchema });
}

export function useFeedbackWeek(week: string | undefined) {
  return useQuery(
    queryOptions({
      // Under packageKeys.all: a package deleted from its details leaves the week's list.
      queryKey: [...packageKeys.all, 'feedback', week ?? 'this'] as const,
      queryFn: ({ signal }) => fetchFeedbackWeek(week, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
