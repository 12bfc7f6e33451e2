import { localDay } from '@waybill/domain';
import { RouterContextProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClientContext } from '../../../app/router/query-context.ts';
import { dispatchKeys } from '../../../features/console-dispatch/api/dispatch-keys.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { loader } from './index.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Runs the Dispatch route's loader for `address` against a server whose answers wait until released. */
function routeTo(address: string) {
  const asked: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(String(input), 'http://console.test');
      asked.push(`${url.pathname}${url.search}`);
      await released;
      if (url.pathname === '/api/auth/session') {
        return Response.json({ operator: { email: 'desk@courier.test', name: 'Desk', role: 'admin' }, expired: false });
      }
      if (url.pathname === '/api/admin/runs/unassigned') {
        return Response.json([], { headers: { 'X-Total-Count': '0', 'X-Page': '1', 'X-Page-Size': '50' } });
      }
      return Response.json([]);
    }),
  );
  const queryClient = createQueryClient();
  const context = new RouterContextProvider(new Map([[queryClientContext, queryClient]]));
  const answer = loader({
    request: new Request(`http://console.test${address}`),
    context,
    params: {},
    unstable_pattern: '',
  } as unknown as Parameters<typeof loader>[0]);
  return { asked, release, queryClient, answer };
}

describe('the Dispatch route', () => {
  it('asks for the session, then the day’s runs, first page of packages and drivers at once, waiting for none', async () => {
    const route = routeTo('/dispatch?date=2027-03-04');
    // The loader answers before any read does: the page is not held back by them.
    expect(route.answer).toBeNull();
    await vi.waitFor(() => expect(route.asked).toHaveLength(4));
    expect(route.asked[0]).toBe('/api/auth/session');
    expect(route.asked.slice(1).sort()).toEqual([
      '/api/admin/runs/drivers',
      '/api/admin/runs/unassigned?page=1&pageSize=50&date=2027-03-04',
      '/api/admin/runs?date=2027-03-04',
    ]);
    route.release();
    // The answers land where the page reads them, so it asks nothing again.
    await vi.waitFor(() =>
      expect(route.queryClient.getQueryState(dispatchKeys.runs('2027-03-04'))?.status).toBe('success'),
    );
  });

  it('asks for today when the address names no real day', async () => {
    const route = routeTo('/dispatch?date=2027-02-30');
    await vi.waitFor(() => expect(route.asked).toHaveLength(4));
    expect(route.asked).toContain(`/api/admin/runs?date=${localDay(new Date())}`);
    route.release();
  });
});
