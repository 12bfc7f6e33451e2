import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { AdminOnly } from './admin-only.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('AdminOnly', () => {
  it.each([
    ['The plan and the contact details', "Only the console's admins manage the plan and the contact details."],
    ['The team', "Only the console's admins manage the team."],
  ])('explains %j to an operator in a grammatical sentence', async (what, sentence) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ email: 'op@example.com', name: 'Op', role: 'operator' })),
    );
    renderForTest(<AdminOnly what={what}>secret</AdminOnly>);
    expect(await screen.findByText(sentence, { exact: false })).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
  });
});
