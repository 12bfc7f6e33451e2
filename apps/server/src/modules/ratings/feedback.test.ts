// What the operators see of the ratings (docs/decisions/0051): a package's in its details, and a week's
// on the Feedback page, per driver of the run each package was delivered on ("Not on a run" for the
// others), the 1–2 stars first. *Both databases*: the week is a range of the rated_at index.
import { addDays, FEEDBACK_WEEK_MONDAY, localDay, mondayOf, NOT_ON_A_RUN } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { packageWithPhones } from '../../../test/support/package-checks.ts';
import { ratingsOf } from '../../../test/support/ratings.ts';
import { drive, loadAll, roadEvent, roadTeam, runWith } from '../../../test/support/road.ts';
import { signedInMember } from '../../../test/support/team-members.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';

describe.each(databasesFor('sql'))('the ratings in the console on %s', (kind) => {
  const team = roadTeam(kind);
  const db = () => team.testApp.app.db;

  /** Rates the package as its checked recipient. */
  async function rate(code: string, stars: number, comment = '') {
    const client = team.testApp.client();
    expect((await client.post(`/api/track/${code}/verify`, { phoneLast4: '4412' })).status).toBe(204);
    const answer = await client.post(`/api/track/${code}/rating`, { stars, comment });
    expect(answer.status, answer.text).toBe(201);
  }

  it("lists the week's ratings, 1–2 stars first then the newest, with each driver's count and average", async () => {
    const [a1, a2, b1, console] = [
      await packageWithPhones(db()),
      await packageWithPhones(db()),
      await packageWithPhones(db()),
      await packageWithPhones(db()),
    ] as [string, string, string, string];
    await runWith(team.admin, team.driverA.id, [a1, a2]);
    await runWith(team.admin, team.driverB.id, [b1]);
    await loadAll(team.driverA.client, [a1, a2]);
    await loadAll(team.driverB.client, [b1]);
    await drive(team.driverA.client, [
      roadEvent('delivered', a1, { receivedBy: 'Kemi Musa' }),
      roadEvent('delivered', a2, { receivedBy: 'Kemi Musa' }),
    ]);
    await drive(team.driverB.client, [roadEvent('delivered', b1, { receivedBy: 'Tunde Ade' })]);
    expect(
      (await team.admin.post('/api/admin/update-status', { trackingCode: console, status: 'Delivered' })).status,
    ).toBe(200);
    await rate(a1, 5, 'Perfect');
    await rate(a2, 2, 'Left in the rain');
    await rate(b1, 4);
    await rate(console, 1, 'Never arrived at the door');

    const answer = await team.admin.get('/api/admin/feedback');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const week = mondayOf(localDay(new Date()));
    expect(answer.body).toMatchObject({
      week,
      previousWeek: addDays(week, -7),
      nextWeek: addDays(week, 7),
      count: 4,
      average: 3,
      drivers: [
        { driverId: team.driverA.id, name: 'Ama Driver', count: 2, average: 3.5 },
        { driverId: team.driverB.id, name: 'Ben Driver', count: 1, average: 4 },
        { driverId: null, name: NOT_ON_A_RUN, count: 1, average: 1 },
      ],
    });
    const listed = answer.body.ratings as { trackingCode: string; stars: number; driverName: string | null }[];
    expect(listed.map((rating) => [rating.trackingCode, rating.stars, rating.driverName])).toEqual([
      [console, 1, null],
      [a2, 2, 'Ama Driver'],
      [b1, 4, 'Ben Driver'],
      [a1, 5, 'Ama Driver'],
    ]);
    expect(answer.body.ratings[0]).toMatchObject({
      comment: 'Never arrived at the door',
      by: 'recipient',
      how: 'check',
    });

    // Another week: none; a day that is not a Monday: refused.
    expect((await team.admin.get(`/api/admin/feedback?week=${addDays(week, -7)}`)).body).toMatchObject({
      count: 0,
      average: null,
      drivers: [],
      ratings: [],
    });
    const tuesday = await team.admin.get(`/api/admin/feedback?week=${addDays(week, 1)}`);
    expect(tuesday.status).toBe(400);
    expect(tuesday.body.message).toBe(FEEDBACK_WEEK_MONDAY);

    // In the package's details: the driver of its run.
    const details = await team.admin.get(`/api/admin/packages/${a2}/rating`);
    expect(details.body).toEqual({
      rating: {
        stars: 2,
        comment: 'Left in the rain',
        by: 'recipient',
        how: 'check',
        driverName: 'Ama Driver',
        ratedAt: expect.any(String),
      },
    });

    // Deleted with its package.
    expect((await team.admin.delete(`/api/admin/packages/${console}`)).status).toBe(200);
    expect(await ratingsOf(db(), console)).toBe(0);
    expect((await team.admin.get('/api/admin/feedback')).body).toMatchObject({ count: 3, average: 3.7 });
  });

  it('shows an unrated package as such, to operators and admins only', async () => {
    const code = await packageWithPhones(db());
    const path = `/api/admin/packages/${code}/rating`;
    expect((await team.admin.get(path)).body).toEqual({ rating: null });
    const operator = await signedInMember(team.testApp, 'operator');
    expect((await operator.client.get(path)).status).toBe(200);
    expect((await operator.client.get('/api/admin/feedback')).status).toBe(200);
    expect((await team.driverA.client.get(path)).status).toBe(403);
    expect((await team.driverA.client.get('/api/admin/feedback')).status).toBe(403);
    expect((await team.testApp.client().get('/api/admin/feedback')).status).toBe(401);
    expect((await team.admin.get('/api/admin/packages/NOSUCHCODE1/rating')).status).toBe(404);
  });
});
