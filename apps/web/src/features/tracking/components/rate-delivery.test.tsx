import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type RatingStatus, STARS_RANGE } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { RATING_THANKS, RateDelivery } from './rate-delivery.tsx';

const CODE = 'ABCDEFGH2345';
const OPEN: RatingStatus = { canRate: true, rating: null, until: '2026-12-10T12:00:00.000Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
  window.history.replaceState(null, '', '/');
});

/** The rating routes as the server answers them: checked once the right digits ("4412") are sent. */
function serve(status: RatingStatus, { checked = false } = {}) {
  const state = { checked, posted: [] as unknown[] };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.endsWith('/check')) {
      return Response.json(
        state.checked
          ? { checked: true, as: 'recipient', until: '2026-12-01T12:00:00.000Z' }
          : { checked: false, as: null, until: null },
      );
    }
    if (url.endsWith('/verify')) {
      state.checked = body.phoneLast4 === '4412';
      return state.checked ? new Response(null, { status: 204 }) : Response.json({ message: 'No' }, { status: 403 });
    }
    if (url.endsWith('/rating') && init?.method === 'POST') {
      state.posted.push(body);
      return Response.json(
        { stars: body.stars, comment: body.comment, ratedAt: new Date().toISOString() },
        { status: 201 },
      );
    }
    if (url.endsWith('/rating')) {
      return state.checked ? Response.json(status) : Response.json({ message: 'Confirm first' }, { status: 401 });
    }
    return Response.json({ message: 'unexpected' }, { status: 500 });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, state };
}

describe('RateDelivery', () => {
  it('takes the e-mail link’s token from the address’s fragment, refuses no stars, sends it once and forgets it', async () => {
    window.history.replaceState(null, '', `/track/${CODE}#rate=tok-123`);
    const { fetch, state } = serve(OPEN);
    renderWithApp(<RateDelivery code={CODE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(STARS_RANGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment (optional)' }), {
      target: { value: 'Left in the rain' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(new RegExp(RATING_THANKS))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('You rated this delivery 2 of 5 stars.');
    expect(state.posted).toEqual([{ stars: 2, comment: 'Left in the rain', token: 'tok-123' }]);
    // No check was asked for, and the token is gone from the address.
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/verify'))).toBe(false);
    expect(window.location.hash).toBe('');
  });

  it('asks for the phone check without a link, then offers the stars', async () => {
    const { state } = serve(OPEN);
    renderWithApp(<RateDelivery code={CODE} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Last four digits of your phone number' }), {
      target: { value: '4412' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(state.posted).toEqual([{ stars: 5, comment: '' }]));
  });

  it('shows the rating already given instead of the form, and says when the time has passed', async () => {
    serve(
      { canRate: false, rating: { stars: 4, comment: '', ratedAt: '2026-11-20T10:00:00.000Z' }, until: null },
      {
        checked: true,
      },
    );
    const { unmount } = renderWithApp(<RateDelivery code={CODE} />);
    expect((await screen.findByRole('status')).textContent).toContain('You rated this delivery 4 of 5 stars.');
    expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();
    unmount();
    serve({ canRate: false, rating: null, until: '2026-11-01T10:00:00.000Z' }, { checked: true });
    renderWithApp(<RateDelivery code={CODE} />);
    expect(await screen.findByText('The time to rate this delivery has passed.')).toBeTruthy();
  });
});
