import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type BulkResult, type Run, runDriverSchema, runSchema } from '@waybill/domain';
import { z } from 'zod';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { useWriteMutation } from '../../../lib/use-write-mutation.ts';

/** Where the selected packages go: a run of the day, or a new run of a driver who has none that day. */
export type RunTarget = { runId: string } | { driverId: string };

export interface AssignToRunInput {
  date: string;
  target: RunTarget;
  trackingCodes: string[];
}

const runsOf = (date: string, signal?: AbortSignal) =>
  apiFetch(`/api/admin/runs?${new URLSearchParams({ date })}`, { schema: z.array(runSchema), signal });

/** The runs of a day and the active drivers, for the choice of where the packages go. */
export function useRunChoices(date: string | null) {
  const runs = useQuery({
    queryKey: ['dispatch', 'runs', date],
    queryFn: ({ signal }) => runsOf(date!, signal),
    enabled: date !== null,
    retry: false,
  });
  const drivers = useQuery({
    queryKey: ['dispatch', 'drivers'],
    queryFn: ({ signal }) => apiFetch('/api/admin/runs/drivers', { schema: z.array(runDriverSchema), signal }),
    enabled: date !== null,
    staleTime: 60_000,
    retry: false,
  });
  return { runs, drivers };
}

const putStops = (runId: string, trackingCodes: string[]) =>
  apiFetch(`/api/admin/runs/${encodeURIComponent(runId)}/stops`, {
    method: 'PUT',
    json: { trackingCodes },
    schema: runSchema,
    timeoutMs: 60_000,
  });

/** The refused codes of a PUT stops refusal (errors keyed trackingCodes.N of the list sent), with reasons. */
function refusalsOf(error: unknown, sent: string[]): Map<string, string> {
  const refused = new Map<string, string>();
  if (!(error instanceof ApiError) || error.status !== 400) return refused;
  for (const [key, message] of Object.entries(error.errors)) {
    const index = /^trackingCodes\.(\d+)$/.exec(key)?.[1];
    const code = index === undefined ? undefined : sent[Number(index)];
    if (code) refused.set(code, message);
  }
  return refused;
}

/**
 * Appends the packages to a run with PUT stops: the run's current stops (read afresh), then the chosen
 * codes it does not hold. The server refuses the whole list when any code cannot go out; those codes
 * are reported with the server's reason and the rest are sent again without them, so one Delivered
 * package in a selection of forty does not keep the other thirty-nine off the run.
 */
export async function assignToRun(input: AssignToRunInput, idempotencyKey?: string): Promise<BulkResult[]> {
  let run: Run | undefined;
  if ('driverId' in input.target) {
    run = await apiFetch('/api/admin/runs', {
      json: { driverId: input.target.driverId, date: input.date },
      idempotencyKey,
      schema: runSchema,
    });
  } else {
    const { runId } = input.target;
    run = (await runsOf(input.date)).find((candidate) => candidate.id === runId);
    if (!run) throw new ApiError(404, 'This run is no longer planned for that day. Choose another.');
  }
  const current = run.stops.map((stop) => stop.trackingCode);
  const held = new Set(current);
  const added = input.trackingCodes.filter((code) => !held.has(code));
  const sent = [...current, ...added];
  let refused = new Map<string, string>();
  try {
    await putStops(run.id, sent);
  } catch (error) {
    refused = refusalsOf(error, sent);
    if (refused.size === 0) throw error;
    const kept = sent.filter((code) => !refused.has(code));
    if (kept.length > current.length) await putStops(run.id, kept);
  }
  return input.trackingCodes.map((trackingCode) => {
    const message = refused.get(trackingCode);
    return message === undefined ? { trackingCode, ok: true } : { trackingCode, ok: false, message };
  });
}

export function useAssignToRun() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: assignToRun,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['dispatch'] });
    },
  });
}
