import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PACKAGE } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { describeSubscribers, PackageDetailsSections } from './package-details-sections.tsx';

describe('PackageDetailsSections', () => {
  it('shows how many addresses get the e-mail updates when the details answer counts them', () => {
    renderForTest(<PackageDetailsSections pkg={{ ...PACKAGE, subscribers: 2 }} />);
    expect(screen.getByText('E-mail updates').nextElementSibling?.textContent).toBe('2 subscribers');
  });

  it('leaves the line out while only the list card is known', () => {
    renderForTest(<PackageDetailsSections pkg={{ ...PACKAGE, subscribers: undefined }} />);
    expect(screen.queryByText('E-mail updates')).toBeNull();
  });

  it('words the count', () => {
    expect([0, 1, 5].map(describeSubscribers)).toEqual(['No subscribers', '1 subscriber', '5 subscribers']);
  });
});
