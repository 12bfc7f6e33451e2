import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localDay, type Run } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { BulkBar } from './bulk-bar.tsx';

const TODAY = localDay(new Date());
const stop = (trackingCode: string, position: number) => ({
  trackingCode,
  status: 'Order Placed',
  destination: '1 Ring Road, Accra',
  receiverName: 'Esi',
  receiverPhone: '+233 20 000 0000',
  position,
  attempt: null,
});
const run = (id: string, driverId: string, driverName: string, codes: string[]): Run => ({
  id,
  driverId,
  driverName,
  date: TODAY,
  stops: codes.map((code, index) => stop(code, index + 1)),
  createdAt: '2027-03-01T08:00:00.000Z',
  updatedAt: '2027-03-01T08:00:00.000Z',
});

interface Sent {
  method: string;
  url: string;
  body: unknown;
}
let sent: Sent[];

/** The day has Ama's run (one stop); Ben has none. `refused` codes make PUT stops answer 400. */
function serve(refused: Record<string, string> = {}) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body });
    if (url.startsWith('/api/admin/runs?')) return Response.json([run('r1', 'd1', 'Ama Driver', ['HELD00000001'])]);
    if (url === '/api/admin/runs/drivers') {
      return Response.json([
        { id: 'd1', name: 'Ama Driver' },
        { id: 'd2', name: 'Ben Driver' },
      ]);
    }
    if (url === '/api/admin/runs' && method === 'POST')
      return Response.json(run('r2', 'd2', 'Ben Driver', []), { status: 201 });
    const stops = /^\/api\/admin\/runs\/(\w+)\/stops$/.exec(url);
    if (stops) {
      const codes = body.trackingCodes as string[];
      const errors = Object.fromEntries(
        codes.flatMap((code, index) => (refused[code] ? [[`trackingCodes.${index}`, refused[code]]] : [])),
      );
      if (Object.keys(errors).length > 0) {
        return Response.json({ message: 'These packages cannot be stops of this run', errors }, { status: 400 });
      }
      return Response.json(run(stops[1]!, 'd', 'Driver', codes));
    }
    return new Response('{}', { status: 404 });
  });
}

beforeEach(() => {
  sent = [];
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.restoreAllMocks());

function openAssign(codes: string[]) {
  const onDone = vi.fn();
  renderForTest(<BulkBar codes={codes} statusOf={() => 'Order Placed'} onDone={onDone} onClear={vi.fn()} />);
  return onDone;
}

const puts = () => sent.filter((request) => request.method === 'PUT');

describe('Assign to run, from the selection bar', () => {
  it("appends the selected packages to the run's current stops, reports the refused ones, and assigns the rest", async () => {
    serve({ DLVR00000003: 'A Delivered package cannot go out on a run' });
    const user = userEvent.setup();
    const onDone = openAssign(['PICK00000001', 'PICK00000002', 'DLVR00000003']);
    await user.click(screen.getByRole('button', { name: 'Assign to run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 3 packages to a run' });
    expect((within(dialog).getByLabelText('Day') as HTMLInputElement).value).toBe(TODAY);
    const select = within(dialog).getByRole('combobox', { name: 'Run' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a run or a driver…', "Ama Driver's run (1 stop)", 'New run for Ben Driver']),
    );
    await user.selectOptions(select, 'run:r1');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts().map((request) => request.body)).toEqual([
      { trackingCodes: ['HELD00000001', 'PICK00000001', 'PICK00000002', 'DLVR00000003'] },
      { trackingCodes: ['HELD00000001', 'PICK00000001', 'PICK00000002'] },
    ]);
    expect(onDone).toHaveBeenCalledWith({
      action: 'Assign to run',
      results: [
        { trackingCode: 'PICK00000001', ok: true },
        { trackingCode: 'PICK00000002', ok: true },
        { trackingCode: 'DLVR00000003', ok: false, message: 'A Delivered package cannot go out on a run' },
      ],
    });
    expect(await screen.findByText('2 done, 1 failed')).toBeTruthy();
  });

  it('starts a run for a driver who has none that day, then fills it', async () => {
    serve();
    const user = userEvent.setup();
    const onDone = openAssign(['PICK00000001']);
    await user.click(screen.getByRole('button', { name: 'Assign to run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 1 package to a run' });
    const select = within(dialog).getByRole('combobox', { name: 'Run' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'driver:d2');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = sent.find((request) => request.method === 'POST');
    expect(post).toEqual({ method: 'POST', url: '/api/admin/runs', body: { driverId: 'd2', date: TODAY } });
    expect(puts()).toEqual([
      { method: 'PUT', url: '/api/admin/runs/r2/stops', body: { trackingCodes: ['PICK00000001'] } },
    ]);
  });
});
