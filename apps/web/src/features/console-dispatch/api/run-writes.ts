import { useQueryClient } from '@tanstack/react-query';
import { type CreateRunInput, deletedRunSchema, type Run, runSchema } from '@waybill/domain';
import { apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';
import { dispatchKeys } from './dispatch-keys.ts';

/** POST /api/admin/runs: an empty run of a driver for a day (the route honours Idempotency-Key). */
function createRun(input: CreateRunInput, idempotencyKey?: string): Promise<Run> {
  return apiFetch('/api/admin/runs', { json: input, idempotencyKey, schema: runSchema });
}

/** PUT /api/admin/runs/{id}/stops: the whole order; a code on another run of the day moves here. */
function setRunStops(input: { runId: string; trackingCodes: string[] }): Promise<Run> {
  return apiFetch(`/api/admin/runs/${encodeURIComponent(input.runId)}/stops`, {
    method: 'PUT',
    json: { trackingCodes: input.trackingCodes },
    schema: runSchema,
  });
}

/** DELETE /api/admin/runs/{id}: its packages are free to plan again. */
function deleteRun(runId: string) {
  return apiFetch(`/api/admin/runs/${encodeURIComponent(runId)}`, { method: 'DELETE', schema: deletedRunSchema });
}

/** After any change to a day's runs: the runs and the packages left to plan are read again. */
function useRefreshDay() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
  };
}

export function useCreateRun() {
  const refresh = useRefreshDay();
  return useWriteMutation({ mutationFn: createRun, retryLostAnswers: true, onSettled: refresh });
}

/**
 * A new order of one run. The run's answer goes straight into the day's cache, so a reordered list does
 * not jump back while the day is read again.
 */
export function useSetRunStops(date: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshDay();
  return useWriteMutation({
    mutationFn: setRunStops,
    onSuccess: (run) => {
      queryClient.setQueryData<Run[]>(dispatchKeys.runs(date), (runs) =>
        runs?.map((other) => (other.id === run.id ? run : other)),
      );
    },
    onSettled: refresh,
  });
}

export function useDeleteRun() {
  const refresh = useRefreshDay();
  return useWriteMutation({ mutationFn: deleteRun, onSettled: refresh });
}
