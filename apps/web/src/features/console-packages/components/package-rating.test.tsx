import { screen, within } from '@testing-library/react';
import type { PackageRating } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PackageRatingSection } from './package-rating.tsx';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'WB7K2M9QX4TP';

const RATED: PackageRating = {
  stars: 2,
  comment: 'Left in the rain.\nThe box was soaked.',
  by: 'recipient',
  how: 'link',
  driverName: 'Ama Driver',
  ratedAt: '2026-11-26T15:10:00.000Z',
};

function serve(answer: () => Response) {
  const fetch = vi.fn(async (_path: string) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('The rating in the package details', () => {
  it('says the stars in words, keeps the comment’s line break, and names who rated, when, and the driver', async () => {
    const fetch = serve(() => Response.json({ rating: RATED }));
    renderForTest(<PackageRatingSection trackingCode={CODE} />);
    const section = await screen.findByRole('region', { name: 'Rating' });
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/admin/packages/${CODE}/rating`);
    expect(within(section).getByText('2 of 5 stars')).toBeTruthy();
    expect(within(section).getByText(/Left in the rain/).textContent).toBe(RATED.comment);
    const who = within(section).getByText(/By the recipient, from the delivery e-mail/);
    expect(who.textContent).toContain(formatDateTime(RATED.ratedAt));
    expect(who.textContent).toContain('Delivered by Ama Driver');
  });

  it('shows nothing while the package is not rated, and says so when the rating cannot be read', async () => {
    const fetch = serve(() => Response.json({ rating: null }));
    const { unmount } = renderForTest(<PackageRatingSection trackingCode={CODE} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Rating' })).toBeNull();
    unmount();

    serve(() => Response.json({ message: 'Internal error' }, { status: 500 }));
    renderForTest(<PackageRatingSection trackingCode={CODE} />);
    expect(await screen.findByText("The delivery's rating could not be loaded.")).toBeTruthy();
  });
});
