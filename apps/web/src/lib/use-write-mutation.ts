import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { isLostAnswer, newIdempotencyKey } from './api-client.ts';

/** One user action: what it sends, and its key, kept for every retry of that action. */
interface WriteAction<TInput> {
  input: TInput;
  idempotencyKey: string;
}

export interface WriteMutationOptions<TData, TInput> {
  /** Sends the write; routes that honour Idempotency-Key get `idempotencyKey` through the API client. */
  mutationFn: (input: TInput, idempotencyKey: string) => Promise<TData>;
  onSuccess?: (data: TData, input: TInput) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, input: TInput) => unknown;
  /**
   * Only for routes that honour Idempotency-Key: when the answer was lost (network error, timeout),
   * send the same action again with the same key, so the server replays the write it may have done.
   */
  retryLostAnswers?: boolean;
}

export interface WriteCallbacks<TData, TInput> {
  onSuccess?: (data: TData, input: TInput) => void;
  onError?: (error: Error, input: TInput) => void;
  onSettled?: (input: TInput) => void;
}

const LOST_ANSWER_RETRIES = 2;

/**
 * A TanStack mutation for a write button. `mutate` does nothing while the previous action is still
 * in flight (a double click sends one request, even before the button re-renders as loading), and
 * each action gets one Idempotency-Key, reused by its retries.
 */
export function useWriteMutation<TData, TInput = void>(options: WriteMutationOptions<TData, TInput>) {
  const inFlight = useRef<Promise<TData> | null>(null);
  const mutation = useMutation<TData, Error, WriteAction<TInput>>({
    mutationFn: ({ input, idempotencyKey }) => options.mutationFn(input, idempotencyKey),
    retry: options.retryLostAnswers
      ? (failures, error) => failures < LOST_ANSWER_RETRIES && isLostAnswer(error)
      : false,
    retryDelay: (attempt) => 1000 * (attempt + 1),
    onSuccess: (data, action) => options.onSuccess?.(data, action.input),
    onSettled: (data, error, action) => options.onSettled?.(data, error, action.input),
  });
  const { mutateAsync } = mutation;

  /** Starts the action unless one is in flight; the callbacks run for this action only. */
  const mutate = useCallback(
    (input: TInput, callbacks: WriteCallbacks<TData, TInput> = {}) => {
      if (inFlight.current) return;
      const running = mutateAsync({ input, idempotencyKey: newIdempotencyKey() });
      inFlight.current = running;
      running.then(
        (data) => {
          inFlight.current = null;
          callbacks.onSuccess?.(data, input);
          callbacks.onSettled?.(input);
        },
        (error: Error) => {
          inFlight.current = null;
          callbacks.onError?.(error, input);
          callbacks.onSettled?.(input);
        },
      );
    },
    [mutateAsync],
  );

  /** Like `mutate`, as a promise; while an action is in flight, its promise (nothing is sent again). */
  const mutateOnce = useCallback(
    (input: TInput): Promise<TData> => {
      if (inFlight.current) return inFlight.current;
      const running = mutateAsync({ input, idempotencyKey: newIdempotencyKey() });
      inFlight.current = running;
      const clear = () => {
        inFlight.current = null;
      };
      running.then(clear, clear);
      return running;
    },
    [mutateAsync],
  );

  return {
    mutate,
    mutateAsync: mutateOnce,
    isPending: mutation.isPending,
    isError: mutation.isError,
    error: mutation.error,
    data: mutation.data,
    /** What the action in flight (or the last one) sent. */
    variables: mutation.variables?.input,
    reset: mutation.reset,
  };
}
