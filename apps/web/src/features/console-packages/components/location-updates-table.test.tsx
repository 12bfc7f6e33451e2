import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PACKAGE } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { formatAuditTime } from '../../../lib/describe-audit-entry.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { LocationUpdatesTable } from './location-updates-table.tsx';

const AT = '2026-11-26T12:56:14.000Z';

describe('LocationUpdatesTable', () => {
  it("writes each time as the package dialog's history does ('26 Nov 2026, 12:56')", () => {
    const update = { _id: 'u1', timestamp: AT, location: 'Accra hub' };
    renderForTest(<LocationUpdatesTable pkg={{ ...PACKAGE, locationUpdates: [update] }} />);
    const shown = screen.getByText((_, element) => element?.tagName === 'TIME').textContent;
    expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/);
    expect(shown).toBe(formatAuditTime(AT));
    expect(shown).toBe(formatDateTime(AT));
  });
});
