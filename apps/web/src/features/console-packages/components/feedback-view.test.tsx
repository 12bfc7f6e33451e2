import { fireEvent, screen, within } from '@testing-library/react';
import type { FeedbackWeek } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE, PACKAGE_ANSWER } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { FeedbackView } from './feedback-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const WEEK: FeedbackWeek = {
  week: '2026-11-23',
  previousWeek: '2026-11-16',
  nextWeek: '2026-11-30',
  count: 3,
  average: 2.7,
  drivers: [
    { driverId: 'a1', name: 'Ama Driver', count: 2, average: 3.5 },
    { driverId: null, name: 'Not on a run', count: 1, average: 1 },
  ],
  ratings: [
    {
      trackingCode: PACKAGE.trackingCode,
      stars: 1,
      comment: 'Never came to the door.\nLeft a note only.',
      by: 'recipient',
      how: 'link',
      driverName: null,
      ratedAt: '2026-11-25T10:00:00.000Z',
    },
    {
      trackingCode: 'WB7K2M9QX4TP',
      stars: 5,
      comment: '',
      by: 'shipper',
      how: 'check',
      driverName: 'Ama Driver',
      ratedAt: '2026-11-26T10:00:00.000Z',
    },
  ],
};

function serve(week: FeedbackWeek) {
  const fetch = vi.fn(async (path: string) =>
    path.startsWith('/api/admin/feedback') ? Response.json(week) : Response.json(PACKAGE_ANSWER),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the Feedback page', () => {
  it("shows the week's figures, each driver's, and the ratings as the server orders them, the low ones marked", async () => {
    const fetch = serve(WEEK);
    const onWeekChange = vi.fn();
    renderForTest(<FeedbackView week="2026-11-23" thisWeek="2026-11-30" onWeekChange={onWeekChange} />);
    expect(await screen.findByText('3 ratings, 2.7 stars on average')).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/admin/feedback?week=2026-11-23');
    expect(screen.getByRole('heading', { name: 'Week of Mon, 23 Nov 2026' })).toBeTruthy();

    const drivers = screen.getByRole('table', { name: 'By driver' });
    expect(
      within(drivers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DriverRatingsAverage', 'Ama Driver23.5', 'Not on a run11.0']);
    const ratings = within(screen.getByRole('region', { name: 'Ratings' })).getAllByRole('listitem');
    expect(ratings.map((item) => within(item).getByRole('button').textContent)).toEqual([
      PACKAGE.trackingCode,
      'WB7K2M9QX4TP',
    ]);
    expect(within(ratings[0]!).getByText('1 of 5 stars')).toBeTruthy();
    expect(within(ratings[0]!).getByText('Low')).toBeTruthy();
    expect(within(ratings[0]!).getByText(/Never came/).textContent).toBe(WEEK.ratings[0]!.comment);
    expect(ratings[0]!.textContent).toContain('By the recipient, from the delivery e-mail');
    expect(ratings[0]!.textContent).toContain('Not on a run');
    expect(within(ratings[1]!).queryByText('Low')).toBeNull();
    expect(ratings[1]!.textContent).toContain('Driver: Ama Driver');

    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(onWeekChange).toHaveBeenLastCalledWith('2026-11-16');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(onWeekChange).toHaveBeenLastCalledWith('2026-11-30');

    // A code opens the package's details.
    fireEvent.click(screen.getByRole('button', { name: `Open package ${PACKAGE.trackingCode}` }));
    expect(await screen.findByRole('dialog', { name: `Package ${PACKAGE.trackingCode}` })).toBeTruthy();
  });

  it('says when a week has no rating, and offers no week after this one', async () => {
    serve({ ...WEEK, count: 0, average: null, drivers: [], ratings: [] });
    renderForTest(<FeedbackView week={undefined} thisWeek="2026-11-23" onWeekChange={() => {}} />);
    expect(await screen.findByText('No ratings this week.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next week' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous week' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
