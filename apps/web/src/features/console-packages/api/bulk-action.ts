import { useQueryClient } from '@tanstack/react-query';
import { BULK_MAX_CODES, type BulkActionRequest, type BulkResult, bulkActionAnswerSchema } from '@waybill/domain';
import { apiFetch, isLostAnswer } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { packageKeys } from './package-keys.ts';

/**
 * POST /api/admin/bulk, in requests of at most 500 codes sent one after another; the results come
 * back in the order of the codes. Each request carries the action's key with its position, so a
 * retry after a lost answer replays the requests already done instead of doing them twice.
 */
export async function runBulkAction(request: BulkActionRequest, idempotencyKey?: string): Promise<BulkResult[]> {
  const codes = request.trackingCodes as string[];
  const results: BulkResult[] = [];
  for (let start = 0; start < codes.length; start += BULK_MAX_CODES) {
    const chunk = codes.slice(start, start + BULK_MAX_CODES);
    try {
      const answer = await apiFetch('/api/admin/bulk', {
        json: { ...request, trackingCodes: chunk },
        idempotencyKey: idempotencyKey && `${idempotencyKey}-${start / BULK_MAX_CODES}`,
        schema: bulkActionAnswerSchema,
        // A full request acts on 500 packages: give it longer than a single action.
        timeoutMs: 120_000,
      });
      results.push(...answer.results);
    } catch (error) {
      // A lost answer is retried whole (the keys replay what was done); a refused request fails its
      // codes with the server's message and the next requests still go.
      if (isLostAnswer(error) || start === 0) throw error;
      const message = error instanceof Error ? error.message : String(error);
      results.push(...chunk.map((trackingCode) => ({ trackingCode, ok: false, message })));
    }
  }
  return results;
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: runBulkAction,
    retryLostAnswers: true,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: packageKeys.all });
    },
  });
}
