import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForTest } from '../../test/render-for-test.tsx';
import { SHIPMENT } from '../../test/shipment-fixture.ts';
import { LocationUpdatesTable } from '../features/console-packages/components/location-updates-table.tsx';
import { LocationUpdates } from '../features/tracking/components/location-updates.tsx';
import { formatAuditTime } from './describe-audit-entry.ts';
import { formatDateTime } from './format-date.ts';

const AT = '2026-11-26T12:56:14.000Z';
const ONE_FORMAT = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d$/;

describe('Dates on screens', () => {
  it('reads alike in the package dialog: location updates as its history', () => {
    renderForTest(
      <LocationUpdatesTable
        shipment={{ ...SHIPMENT, locationUpdates: [{ _id: 'u1', timestamp: AT, location: 'Accra hub' }] }}
      />,
    );
    const shown = screen.getByText((_, element) => element?.tagName === 'TIME').textContent;
    expect(shown).toMatch(ONE_FORMAT);
    expect(shown).toBe(formatAuditTime(AT));
    expect(shown).toBe(formatDateTime(AT));
  });

  it('reads alike on the public tracking page', () => {
    renderForTest(<LocationUpdates updates={[{ timestamp: AT, location: 'Accra hub' }]} />);
    expect(screen.getByText(formatDateTime(AT))).toBeTruthy();
    expect(formatDateTime(AT)).toMatch(ONE_FORMAT);
  });
});
