import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE, PACKAGE_ANSWER } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageDetailsDialog } from './package-details-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HISTORY = [
  {
    id: '2',
    at: '2026-11-25T14:05:00.000Z',
    actorKind: 'operator',
    actorId: 'op-1',
    actorEmail: 'ops@courier.test',
    action: 'package.status_changed',
    targetType: 'package',
    targetId: PACKAGE.trackingCode,
    targetLabel: PACKAGE.trackingCode,
    before: { status: 'Order Placed' },
    after: { status: 'Shipped' },
    ip: '127.0.0.1',
  },
  {
    id: '1',
    at: '2026-11-24T09:00:00.000Z',
    actorKind: 'customer',
    actorId: null,
    actorEmail: null,
    action: 'package.submitted',
    targetType: 'package',
    targetId: PACKAGE.trackingCode,
    targetLabel: PACKAGE.trackingCode,
    before: null,
    after: { status: 'Pending' },
    ip: null,
  },
];

/** A text of the package as the server lists it: its number masked. */
const TEXT = {
  id: 't-1',
  trackingCode: PACKAGE.trackingCode,
  channel: 'sms',
  number: '+233 •••• ••45',
  kind: 'out_for_delivery',
  state: 'delivered',
  errorCode: null,
  createdAt: '2026-11-25T14:30:00.000Z',
  sendAt: '2026-11-25T14:30:00.000Z',
  updatedAt: '2026-11-25T14:31:00.000Z',
};

/**
 * The dialog against a server whose history route answers `history`, its texts route `texts`, and the
 * package route the fixture.
 */
function openWith(history: () => Response, texts: () => Response = () => Response.json([])) {
  const fetch = vi.fn(async (path: string) =>
    String(path).endsWith('/history')
      ? history()
      : String(path).endsWith('/texts')
        ? texts()
        : Response.json(PACKAGE_ANSWER),
  );
  vi.stubGlobal('fetch', fetch);
  renderForTest(<PackageDetailsDialog pkg={PACKAGE} onClose={() => {}} />);
  return fetch;
}

describe('PackageDetailsDialog history', () => {
  it('lists who did what, newest first, the submission as Customer', async () => {
    const fetch = openWith(() => Response.json(HISTORY));
    const list = await screen.findByRole('list', { name: `History of ${PACKAGE.trackingCode}, newest first` });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('ops@courier.test');
    expect(items[0]?.textContent).toContain('Status changed: Order Placed → Shipped');
    expect(items[1]?.textContent).toContain('Customer');
    expect(items[1]?.textContent).toContain('Package submitted');
    expect(fetch).toHaveBeenCalledWith(
      `/api/admin/packages/${PACKAGE.trackingCode}/history`,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('puts each text of the package among the entries by its time, its number masked', async () => {
    openWith(
      () => Response.json(HISTORY),
      () => Response.json([TEXT]),
    );
    const list = await screen.findByRole('list', { name: `History of ${PACKAGE.trackingCode}, newest first` });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('Text message');
    expect(items[0]?.textContent).toContain('Text “Out for delivery” to +233 •••• ••45 by SMS: delivered');
    expect(items[1]?.textContent).toContain('Status changed: Order Placed → Shipped');
  });

  it('keeps the entries when the texts cannot be read, and says so', async () => {
    openWith(
      () => Response.json(HISTORY),
      () => Response.json({ message: 'Database unavailable' }, { status: 503 }),
    );
    expect(await screen.findByText('Could not load the package’s texts: Database unavailable')).toBeTruthy();
    const list = screen.getByRole('list', { name: `History of ${PACKAGE.trackingCode}, newest first` });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a failure with a retry that loads it again', async () => {
    let fail = true;
    openWith(() =>
      fail ? Response.json({ message: 'Database unavailable' }, { status: 503 }) : Response.json(HISTORY),
    );
    expect(await screen.findByText('Could not load the history')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Status changed: Order Placed → Shipped')).toBeTruthy();
  });

  it('loads the history again after a change made in the dialog', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=test-token';
    const added = {
      ...HISTORY[0],
      id: '3',
      at: '2026-11-25T15:00:00.000Z',
      action: 'package.location_added',
      before: null,
      after: { location: 'Lagos hub' },
    };
    let history: unknown[] = HISTORY;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          history = [added, ...HISTORY];
          return Response.json(PACKAGE_ANSWER);
        }
        if (String(path).endsWith('/texts')) return Response.json([]);
        return String(path).endsWith('/history') ? Response.json(history) : Response.json(PACKAGE_ANSWER);
      }),
    );
    const user = userEvent.setup();
    renderForTest(<PackageDetailsDialog pkg={PACKAGE} onClose={() => {}} />);
    await screen.findByText('Status changed: Order Placed → Shipped');
    await user.type(screen.getByRole('textbox', { name: 'New location update' }), 'Lagos hub');
    await user.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText('Location added: Lagos hub', {}, { timeout: 5000 })).toBeTruthy();
    const list = screen.getByRole('list', { name: `History of ${PACKAGE.trackingCode}, newest first` });
    expect(within(list).getAllByRole('listitem')[0]?.textContent).toContain('Location added: Lagos hub');
  });
});
