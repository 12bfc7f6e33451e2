import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { NO_MATCHES, NO_SHIPMENTS } from '../messages.ts';
import { pageCount, ShipmentList } from './shipment-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const SHIPMENT = {
  trackingCode: 'ABCDEFGHJKMN',
  status: 'Pending',
  receiverName: 'Kofi Mensah',
  destination: '4 Oxford Street, Accra',
  description: 'Two boxes of books',
  createdAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

function answerPage(items: unknown[], headers: Record<string, string>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return Response.json(items, { headers });
    }),
  );
  return asked;
}

describe('pageCount', () => {
  it('counts pages from the total, and only one more than the next page when the count was capped', () => {
    expect(pageCount({ total: 41, totalCapped: false, page: 1, pageSize: 20, nextPage: 2 })).toBe(3);
    expect(pageCount({ total: 0, totalCapped: false, page: 1, pageSize: 20, nextPage: null })).toBe(1);
    expect(pageCount({ total: 200, totalCapped: true, page: 12, pageSize: 20, nextPage: 13 })).toBe(13);
  });
});

describe('ShipmentList', () => {
  it('links each shipment to its page and sends the filters and page', async () => {
    const asked = answerPage([SHIPMENT], {
      'X-Total-Count': '41',
      'X-Page': '2',
      'X-Page-Size': '20',
      'X-Next-Page': '3',
    });
    renderWithApp(<ShipmentList filters={{ q: 'kofi', status: 'Pending', page: 2 }} onFiltersChange={() => {}} />);
    const link = await screen.findByRole('link', { name: 'ABCDEFGHJKMN' });
    expect(link.getAttribute('href')).toBe('/shipments/ABCDEFGHJKMN');
    expect(asked[0]).toBe('/api/account/shipments?page=2&pageSize=20&q=kofi&status=Pending');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });

  it('says there are none yet, or none that match', async () => {
    answerPage([], { 'X-Total-Count': '0' });
    const { unmount } = renderWithApp(
      <ShipmentList filters={{ q: '', status: '', page: 1 }} onFiltersChange={() => {}} />,
    );
    expect(await screen.findByText(NO_SHIPMENTS)).toBeTruthy();
    unmount();
    renderWithApp(<ShipmentList filters={{ q: 'zzz', status: '', page: 1 }} onFiltersChange={() => {}} />);
    expect(await screen.findByText(NO_MATCHES)).toBeTruthy();
  });
});
