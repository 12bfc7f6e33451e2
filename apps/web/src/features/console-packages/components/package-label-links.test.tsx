import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageLabelLinks } from './package-label-links.tsx';

describe('PackageLabelLinks', () => {
  it('links a package that can have a label to its 4×6 and A4 PDF, opened in a new tab', () => {
    renderForTest(<PackageLabelLinks trackingCode="ABCDEFGH2345" status="Shipped" />);
    const thermal = screen.getByRole('link', { name: 'Print label (4×6)' });
    expect(thermal.getAttribute('href')).toBe('/api/admin/packages/ABCDEFGH2345/label?size=4x6');
    expect(thermal.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Print label (A4)' }).getAttribute('href')).toBe(
      '/api/admin/packages/ABCDEFGH2345/label?size=a4',
    );
  });

  it.each(['Pending', 'Rejected'])('offers no label for a %s package', (status) => {
    renderForTest(<PackageLabelLinks trackingCode="ABCDEFGH2345" status={status} />);
    expect(screen.queryByRole('link', { name: /Print label/ })).toBeNull();
  });
});
