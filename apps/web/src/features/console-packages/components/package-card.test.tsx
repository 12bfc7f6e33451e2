import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PACKAGE } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageCard } from './package-card.tsx';

describe('PackageCard', () => {
  it('names its details button by the text it shows (label in name), and opens the details', async () => {
    const onOpen = vi.fn();
    renderForTest(<PackageCard pkg={{ ...PACKAGE, status: 'Pending' }} onOpen={onOpen} />);
    const button = screen.getByRole('button', {
      name: /^Pending\s*ABCDEFGH2345\s*Shipper:\s*Ada Obi\s*Receiver:\s*Kofi Mensah/,
    });
    expect(button.hasAttribute('aria-label')).toBe(false);
    await userEvent.setup().click(button);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ trackingCode: 'ABCDEFGH2345' }));
  });
});
