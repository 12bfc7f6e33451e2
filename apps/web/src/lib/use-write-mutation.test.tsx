import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch } from './api-client.ts';
import { useSingleFlight } from './use-single-flight.ts';
import { useWriteMutation } from './use-write-mutation.ts';

// The browser's transport is the only stand-in: each test decides what the "server" answers, and reads
// what the API client sent (method, headers) from the calls.

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Answers each call with the next of `answers` (a Response, or an Error for a lost connection). */
function transport(...answers: (() => Response | Error)[]) {
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the server would set, read by the API client
  document.cookie = 'XSRF-TOKEN=test-token';
  let call = 0;
  const fetchSpy = vi.fn(async () => {
    const answer = (answers[Math.min(call++, answers.length - 1)] ?? answers[0])!();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

const created = () =>
  new Response(JSON.stringify({ id: 'x' }), { status: 201, headers: { 'content-type': 'application/json' } });

/** The Idempotency-Key header of each call. */
const keysSent = (fetchSpy: ReturnType<typeof transport>) =>
  fetchSpy.mock.calls.map((call) =>
    new Headers((call as unknown as [string, RequestInit])[1].headers).get('Idempotency-Key'),
  );

const write = (input: string, idempotencyKey: string) =>
  apiFetch('/api/things', { json: { input }, idempotencyKey, schema: z.object({ id: z.string() }) });

afterEach(() => vi.unstubAllGlobals());

describe('useWriteMutation', () => {
  it('sends one request for two clicks in a row, with one Idempotency-Key', async () => {
    const fetchSpy = transport(created);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useWriteMutation({ mutationFn: write }), { wrapper });
    act(() => {
      // Both clicks arrive before React re-renders the button as busy.
      result.current.mutate('a', { onSuccess });
      result.current.mutate('a', { onSuccess });
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(keysSent(fetchSpy)[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives each new action its own key once the previous one is done', async () => {
    const fetchSpy = transport(created);
    const { result } = renderHook(() => useWriteMutation({ mutationFn: write }), { wrapper });
    await act(() => result.current.mutateAsync('a'));
    await act(() => result.current.mutateAsync('a'));
    const [first, second] = keysSent(fetchSpy);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(second).not.toBe(first);
  });

  it('sends a write whose answer was lost again with the same key, when the route honours keys', async () => {
    const fetchSpy = transport(() => new TypeError('Failed to fetch'), created);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useWriteMutation({ mutationFn: write, retryLostAnswers: true }), { wrapper });
    act(() => result.current.mutate('a', { onSuccess }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1), { timeout: 4000 });
    const [first, retry] = keysSent(fetchSpy);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(retry).toBe(first);
  });

  it('does not send a write again by itself when the route does not honour keys', async () => {
    const fetchSpy = transport(() => new TypeError('Failed to fetch'), created);
    const onError = vi.fn();
    const { result } = renderHook(() => useWriteMutation({ mutationFn: write }), { wrapper });
    act(() => result.current.mutate('a', { onError }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].message).toBe('Network error: please check your connection and try again.');
  });
});

describe('useSingleFlight', () => {
  it('drops calls made while the first still runs, and runs again afterwards', async () => {
    let finish!: () => void;
    const action = vi.fn(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    const { result } = renderHook(() => useSingleFlight(action));
    const first = result.current();
    const second = result.current();
    finish();
    expect(await first).toBe('done');
    expect(await second).toBeUndefined();
    expect(action).toHaveBeenCalledTimes(1);
    const third = result.current();
    finish();
    expect(await third).toBe('done');
    expect(action).toHaveBeenCalledTimes(2);
  });
});
