import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { AttentionReasons } from './attention-reasons.tsx';
import { AttentionRulesPanel, describeAttentionRules } from './attention-rules.tsx';

/** The server's attention settings: answers GET with `saved`, records every PUT body. */
function serve(saved = { pendingHours: 12, staleHours: 48, lateHours: 6 }) {
  const puts: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      puts.push(body);
      return Response.json(body);
    }
    return Response.json(saved);
  });
  return puts;
}

afterEach(() => vi.restoreAllMocks());

describe('the Needs attention rules', () => {
  it('reads as one sentence with the hours in force', () => {
    expect(describeAttentionRules({ pendingHours: 24, staleHours: 48, lateHours: 0 })).toBe(
      'Pending for over 24 hours, no update for over 48 hours, or past its estimated delivery.',
    );
    expect(describeAttentionRules({ pendingHours: 1, staleHours: 2, lateHours: 3 })).toBe(
      'Pending for over 1 hour, no update for over 2 hours, or over 3 hours past its estimated delivery.',
    );
  });

  it('shows an operator the rules without a way to change them', async () => {
    serve();
    renderForTest(<AttentionRulesPanel canEdit={false} />);
    expect(await screen.findByText(/Pending for over 12 hours/)).toBeTruthy();
    expect(screen.getByText('Only an admin can change these hours.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change hours' })).toBeNull();
  });

  it('refuses a value out of bounds under its field without sending it, then saves whole hours', async () => {
    const puts = serve();
    renderForTest(<AttentionRulesPanel canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Change hours' }));
    const late = screen.getByLabelText('Past the estimated delivery by more than (hours)');
    expect((late as HTMLInputElement).value).toBe('6');
    await userEvent.clear(late);
    await userEvent.type(late, '9000');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(
      await screen.findByText('Hours past the estimated delivery must be a whole number of hours from 0 to 8760'),
    ).toBeTruthy();
    expect(puts).toEqual([]);

    await userEvent.clear(late);
    await userEvent.type(late, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await vi.waitFor(() => expect(puts).toEqual([{ pendingHours: 12, staleHours: 48, lateHours: 0 }]));
    expect(await screen.findByText(/or past its estimated delivery\./)).toBeTruthy();
  });

  it('names each reason of a listed package with the hours in force', async () => {
    serve();
    renderForTest(<AttentionReasons reasons={['stale', 'late']} />);
    // The defaults read until the saved hours arrive.
    expect(await screen.findByText('Over 6 hours past its estimated delivery')).toBeTruthy();
    expect(screen.getByText('No update for over 48 hours')).toBeTruthy();
  });
});
