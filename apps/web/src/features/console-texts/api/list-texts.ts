import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { textEntrySchema } from '@waybill/domain';
import { fetchPage } from '../../../lib/paging.ts';
import { textKeys } from './text-keys.ts';

/** GET /api/admin/texts: one page, newest first, of one state ('' for all). */
export function useTexts(page: number, pageSize: number, state: string) {
  return useQuery({
    queryKey: textKeys.list(page, pageSize, state),
    queryFn: ({ signal }) =>
      fetchPage('/api/admin/texts', { item: textEntrySchema, page, pageSize, filters: { state }, signal }),
    // Turning a page keeps the previous rows until the next ones arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
