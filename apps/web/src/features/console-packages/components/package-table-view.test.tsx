import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackageView } from '@waybill/domain';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageTableView } from './package-table-view.tsx';

const code = (index: number) => `CODE${String(index).padStart(8, '0')}`;
const pkg = (index: number, status = 'Pending'): PackageView => ({
  ...PACKAGE,
  _id: `id-${index}`,
  trackingCode: code(index),
  status,
});
const PAGE = [0, 1, 2].map((index) => pkg(index));
const FILTER = { q: '', status: '', sort: 'created', order: 'desc' } as const;

interface Sent {
  url: string;
  method: string;
  body: unknown;
  key: string | null;
}
let sent: Sent[];

/** Answers the list with `total` codes and the bulk route with `failing` refused, recording every request. */
function serve({ total, failing = [] as string[] }: { total: number; failing?: string[] }) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, method: init?.method ?? 'GET', body, key: headers.get('Idempotency-Key') });
    if (url.startsWith('/api/admin/packages?')) {
      const params = new URL(url, 'http://x').searchParams;
      const page = Number(params.get('page'));
      const size = Number(params.get('pageSize'));
      const items = Array.from({ length: total }, (_, index) => ({ trackingCode: code(index), status: 'Pending' }));
      const slice = items.slice((page - 1) * size, page * size);
      const headers = new Headers({ 'X-Total-Count': String(total) });
      if (page * size < total) headers.set('X-Next-Page', String(page + 1));
      return Response.json(slice, { headers });
    }
    if (url === '/api/admin/bulk') {
      const results = (body.trackingCodes as string[]).map((trackingCode) =>
        failing.includes(trackingCode)
          ? { trackingCode, ok: false, message: 'Only a Pending package can be accepted' }
          : { trackingCode, ok: true, status: 'Order Placed' },
      );
      return Response.json({ results });
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

function renderTable(props: { total?: number; items?: PackageView[] } = {}) {
  const onOpen = vi.fn();
  const onSort = vi.fn();
  const items = props.items ?? PAGE;
  const view = renderForTest(
    <PackageTableView
      items={items}
      total={props.total ?? items.length}
      filter={FILTER}
      onSort={onSort}
      onOpen={onOpen}
    />,
  );
  return { ...view, onOpen, onSort };
}

/** Picks a status in the bulk bar's "Set status" dialog and submits it. */
async function setBulkStatus(user: ReturnType<typeof userEvent.setup>, status: string) {
  await user.click(screen.getByRole('button', { name: 'Set status' }));
  const dialog = await screen.findByRole('dialog', { name: /^Set the status of/ });
  await user.click(within(dialog).getByRole('combobox', { name: 'New status' }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: status }));
  await user.click(within(dialog).getByRole('button', { name: 'Set Status' }));
}

const bulkRequests = () => sent.filter((request) => request.url === '/api/admin/bulk');

/** The table under a search the test can change, as the dashboard's address would. */
function Searchable() {
  const [q, setQ] = useState('');
  return (
    <>
      <button type="button" onClick={() => setQ('ada')}>
        Search ada
      </button>
      <PackageTableView items={PAGE} total={3} filter={{ ...FILTER, q }} onSort={vi.fn()} onOpen={vi.fn()} />
    </>
  );
}

describe('PackageTableView', () => {
  it('shows a row per package with its columns, opens the details from the code, and sorts from the headers', async () => {
    const user = userEvent.setup();
    const { onOpen, onSort } = renderTable();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    const first = within(rows[1]!);
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByText('Ada Obi')).toBeTruthy();
    expect(first.getByText('Kofi Mensah')).toBeTruthy();
    expect(first.getByText('4 Oxford Street, Accra')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: code(1) }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ trackingCode: code(1) }));

    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: 'Created' }));
    expect(onSort).toHaveBeenLastCalledWith('created', 'asc');
    await user.click(screen.getByRole('button', { name: 'Last update' }));
    expect(onSort).toHaveBeenLastCalledWith('updated', 'desc');
  });

  it('selects rows and the page, and offers every matching package across pages', async () => {
    serve({ total: 230 });
    const user = userEvent.setup();
    renderTable({ total: 230 });
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(0)}` }));
    expect(screen.getByText('1 package selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Select all 230 matching/ })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select all packages on this page' }));
    expect(screen.getAllByText('3 packages selected').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Select all 230 matching' }));
    expect(await screen.findByText('All 230 matching packages are selected.', { exact: false })).toBeTruthy();
    const pages = sent.filter((request) => request.url.startsWith('/api/admin/packages?'));
    expect(pages.map((request) => new URL(request.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(pages.every((request) => request.url.includes('pageSize=100'))).toBe(true);
    expect(screen.getByText('230 packages selected')).toBeTruthy();
  });

  it('offers every match of a capped search as "1,000+", and says all are selected once they are', async () => {
    serve({ total: 1030 });
    const user = userEvent.setup();
    renderForTest(
      <PackageTableView items={PAGE} total={1000} totalCapped filter={FILTER} onSort={vi.fn()} onOpen={vi.fn()} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all packages on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 1,000+ matching' }));
    expect(
      await screen.findByText('All 1,030 matching packages are selected.', { exact: false }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('accepts the selection in requests of 500, reports "N done, M failed" and keeps the failed codes selected', async () => {
    serve({ total: 1200, failing: [code(3), code(700)] });
    const user = userEvent.setup();
    renderTable({ total: 1200 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all packages on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 1200 matching' }));
    await screen.findByText('1,200 packages selected');

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const report = await screen.findByRole('alert', { name: 'Accept: 1198 done, 2 failed' });
    expect(report.textContent).toContain(`${code(3)}: Only a Pending package can be accepted`);
    expect(report.textContent).toContain(code(700));
    expect(screen.getByText('2 packages selected')).toBeTruthy();

    const bulk = sent.filter((request) => request.url === '/api/admin/bulk');
    expect(bulk.map((request) => (request.body as { trackingCodes: string[] }).trackingCodes.length)).toEqual([
      500, 500, 200,
    ]);
    expect(bulk.map((request) => (request.body as { action: string }).action)).toEqual(['accept', 'accept', 'accept']);
    const keys = bulk.map((request) => request.key);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((key) => key?.startsWith(keys[0]!.slice(0, -2)))).toBe(true);
  });

  it('deletes only after the operator types the count', async () => {
    serve({ total: 3 });
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('checkbox', { name: 'Select all packages on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 packages?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete 3 packages' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 3 to delete 3 packages' }), '2');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Type 3 to delete 3 packages' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 3 to delete 3 packages' }), '3');
    await user.click(confirm);
    await screen.findByRole('alert', { name: 'Delete: 3 done, 0 failed' });
    expect(sent.find((request) => request.url === '/api/admin/bulk')?.body).toMatchObject({ action: 'delete' });
  });

  it('warns on a blank custom status or location without calling the server', async () => {
    serve({ total: 3 });
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(0)}` }));
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText('Location Required')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('opens the proof of delivery for the one selected package set Delivered, sending no bulk request', async () => {
    serve({ total: 3 });
    const user = userEvent.setup();
    const items = [pkg(0, 'Out for Delivery'), pkg(1, 'Out for Delivery')];
    renderTable({ items });
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(1)}` }));
    await setBulkStatus(user, 'Delivered');

    const proof = await screen.findByRole('dialog', { name: 'Proof of delivery' });
    expect(within(proof).getByText(code(1))).toBeTruthy();
    expect(within(proof).queryByText(code(0))).toBeNull();
    expect(screen.queryByRole('dialog', { name: /^Set the status of/ })).toBeNull();
    expect(bulkRequests()).toEqual([]);
  });

  it('sets the one selected package Delivered in one bulk request when the operator goes on without proof', async () => {
    serve({ total: 3 });
    const user = userEvent.setup();
    renderTable({ items: [pkg(0, 'Out for Delivery'), pkg(1, 'Out for Delivery')] });
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(0)}` }));
    await setBulkStatus(user, 'Delivered');
    const proof = await screen.findByRole('dialog', { name: 'Proof of delivery' });
    await user.click(within(proof).getByRole('button', { name: 'Delivered without proof' }));

    await screen.findByRole('alert', { name: 'Set status: 1 done, 0 failed' });
    expect(bulkRequests().map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: { action: 'status', status: 'Delivered', trackingCodes: [code(0)] } },
    ]);
    expect(sent.some((request) => request.url === '/api/admin/proof-of-delivery')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Proof of delivery' })).toBeNull());
  });

  it('sets several selected packages Delivered in one bulk request, offering no proof of delivery', async () => {
    serve({ total: 3 });
    const user = userEvent.setup();
    const items = [pkg(0, 'Out for Delivery'), pkg(1, 'Out for Delivery'), pkg(2, 'Out for Delivery')];
    renderTable({ items });
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(0)}` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(2)}` }));
    await setBulkStatus(user, 'Delivered');

    await screen.findByRole('alert', { name: 'Set status: 2 done, 0 failed' });
    const bulk = bulkRequests();
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.body).toMatchObject({ action: 'status', status: 'Delivered' });
    expect([...(bulk[0]!.body as { trackingCodes: string[] }).trackingCodes].sort()).toEqual([code(0), code(2)]);
    expect(screen.queryByRole('dialog', { name: 'Proof of delivery' })).toBeNull();
  });

  it('sets a Pending package Delivered in a bulk request, offering no proof for a package never accepted', async () => {
    serve({ total: 3 });
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(0)}` }));
    await setBulkStatus(user, 'Delivered');

    await screen.findByRole('alert', { name: 'Set status: 1 done, 0 failed' });
    expect(bulkRequests().map((request) => request.body)).toEqual([
      { action: 'status', status: 'Delivered', trackingCodes: [code(0)] },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Proof of delivery' })).toBeNull();
  });

  it('keeps the selection across a new search, counts it, exports exactly it, and clears it on request', async () => {
    const user = userEvent.setup();
    renderForTest(<Searchable />);
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(0)}` }));
    expect(screen.getByText('1 package selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search ada' }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${code(2)}` }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 packages selected')).toBeTruthy();
    const exported = new URL(within(bar).getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(exported.pathname).toBe('/api/admin/packages.csv');
    expect([...exported.searchParams]).toEqual([['codes', `${code(0)},${code(2)}`]]);

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: `Select ${code(0)}` }) as HTMLInputElement).checked).toBe(false);
  });

  it('offers no export of more packages than one export takes, and says why', async () => {
    serve({ total: 501 });
    const user = userEvent.setup();
    renderTable({ total: 501 });
    await user.click(screen.getByRole('checkbox', { name: 'Select all packages on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 501 matching' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await within(bar).findByText('501 packages selected');
    expect(within(bar).queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect((within(bar).getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(bar).getByText('Export at most 500 chosen packages at a time.')).toBeTruthy();
  });
});
