import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { LocationUpdates } from './location-updates.tsx';

const AT = '2026-11-26T12:56:14.000Z';

describe('LocationUpdates', () => {
  it("writes each time in the site's one format ('26 Nov 2026, 12:56')", () => {
    renderForTest(<LocationUpdates updates={[{ timestamp: AT, location: 'Accra hub' }]} />);
    expect(formatDateTime(AT)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/);
    expect(screen.getByText(formatDateTime(AT))).toBeTruthy();
  });
});
