import { screen, within } from '@testing-library/react';
import type { PackageRoad as Road } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PackageRoad } from './package-road.tsx';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'WB7K2M9QX4TP';
const ATTEMPT_ID = '0b6f3c2e-8a41-4e4f-9a57-2d7c1e5b9f10';

const ROAD: Road = {
  entries: [
    {
      id: 'c3a0e6a2-1f0b-4d7e-b8a9-6f1e2d3c4b5a',
      type: 'note',
      at: '2026-11-26T15:10:00.000Z',
      driverName: 'Ama Driver',
      reason: null,
      note: 'Gate code is 4412',
      photoUrl: null,
      photoThumbnailUrl: null,
    },
    {
      id: ATTEMPT_ID,
      type: 'attempt_failed',
      at: '2026-11-26T14:02:00.000Z',
      driverName: 'Ama Driver',
      reason: 'Nobody at home',
      note: 'Left a card\nunder the mat',
      photoUrl: `/api/admin/packages/${CODE}/road/${ATTEMPT_ID}/photo`,
      photoThumbnailUrl: `/api/admin/packages/${CODE}/road/${ATTEMPT_ID}/thumbnail`,
    },
  ],
};

function serve(answer: () => Response) {
  const fetch = vi.fn(async (_path: string) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('From the road in the package details', () => {
  it('lists the attempts and notes as the server orders them (newest first), each photo opening full size', async () => {
    const fetch = serve(() => Response.json(ROAD));
    renderForTest(<PackageRoad trackingCode={CODE} />);
    const section = await screen.findByRole('region', { name: 'From the road' });
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/admin/packages/${CODE}/road`);
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Note')).toBeTruthy();
    expect(within(items[0]!).getByText('Gate code is 4412')).toBeTruthy();
    expect(within(items[0]!).queryByRole('img')).toBeNull();

    const attempt = items[1]!;
    expect(within(attempt).getByText('Could not deliver')).toBeTruthy();
    expect(within(attempt).getByText('Nobody at home')).toBeTruthy();
    expect(within(attempt).getByText(`${formatDateTime(ROAD.entries[1]!.at)} · Ama Driver`)).toBeTruthy();
    // The note keeps its line break.
    expect(within(attempt).getByText(/Left a card/).textContent).toBe('Left a card\nunder the mat');
    const link = within(attempt).getByRole('link', { name: /Open the photo of the attempt/ });
    expect(link.getAttribute('href')).toBe(ROAD.entries[1]!.photoUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    const thumbnail = within(link).getByRole('img', { name: 'Photo of the attempt: Nobody at home' });
    expect(thumbnail.getAttribute('src')).toBe(ROAD.entries[1]!.photoThumbnailUrl);
  });

  it('shows nothing while the road has told nothing', async () => {
    const fetch = serve(() => Response.json({ entries: [] }));
    const { container } = renderForTest(<PackageRoad trackingCode={CODE} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('From the road')).toBeNull();
    expect(container.querySelector('section')).toBeNull();
  });

  it('says so when the road could not be loaded', async () => {
    serve(() => Response.json({ message: 'Package not found' }, { status: 404 }));
    renderForTest(<PackageRoad trackingCode={CODE} />);
    expect(await screen.findByText('What the drivers reported could not be loaded.')).toBeTruthy();
  });
});
