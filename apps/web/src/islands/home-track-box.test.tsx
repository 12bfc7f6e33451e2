import { notifications } from '@mantine/notifications';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForTest } from '../../test/render-for-test.tsx';
import HomeTrackBox from './home-track-box.tsx';
import TrackPage from './track-page.tsx';

afterEach(() => notifications.clean());

describe('Home tracking box', () => {
  it('shows the same example code as the track page', () => {
    renderForTest(<HomeTrackBox />);
    const home = screen.getByLabelText('Tracking code').getAttribute('placeholder');
    cleanup();
    renderForTest(<TrackPage code="" result={null} error={null} listed="" />);
    const track = screen.getByRole('textbox', { name: /Tracking code/ }).getAttribute('placeholder');
    expect(home).toBeTruthy();
    expect(home).toBe(track);
  });

  it("says SPEC's message, with its full stop, for a blank code", async () => {
    renderForTest(<HomeTrackBox />);
    await userEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText('Please enter a tracking code.')).toBeTruthy();
  });
});
