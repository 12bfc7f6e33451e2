import { useQueryClient } from '@tanstack/react-query';
import type { Run } from '@waybill/domain';
import { useRef } from 'react';
import { withOrder } from '../stop-order.ts';
import { dispatchKeys } from './dispatch-keys.ts';
import { useSetRunStops } from './run-writes.ts';

/**
 * Saves a run's new order as the operator makes it: the list changes at once, and the order is sent
 * with PUT stops. Orders made while one is on its way wait, and only the last of them is sent after it,
 * so pressing "Move up" three times quickly ends where the operator stopped.
 */
export function useRunOrder(date: string, onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  const stops = useSetRunStops(date);
  const waiting = useRef(new Map<string, string[]>());
  const sending = useRef(false);

  function send(runId: string, trackingCodes: string[]) {
    sending.current = true;
    stops.mutate(
      { runId, trackingCodes },
      {
        onError: (error) => {
          waiting.current.clear();
          onError(error);
        },
        onSettled: () => {
          sending.current = false;
          const next = waiting.current.entries().next();
          if (next.done) return;
          waiting.current.delete(next.value[0]);
          send(next.value[0], next.value[1]);
        },
      },
    );
  }

  return {
    isPending: stops.isPending,
    save(run: Run, trackingCodes: string[]) {
      queryClient.setQueryData<Run[]>(dispatchKeys.runs(date), (runs) =>
        runs?.map((other) => (other.id === run.id ? withOrder(other, trackingCodes) : other)),
      );
      if (sending.current) waiting.current.set(run.id, trackingCodes);
      else send(run.id, trackingCodes);
    },
  };
}
