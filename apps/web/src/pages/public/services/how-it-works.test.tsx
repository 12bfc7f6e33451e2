import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPageForTest } from '../../../../test/render-page-for-test.tsx';
import { HowItWorks } from './how-it-works.tsx';

describe('How It Works', () => {
  it('promises what the form does: the code at once and a receipt, never a pickup time it does not ask', () => {
    renderPageForTest(<HowItWorks />, { path: '/services' });
    expect(
      screen.getByText(
        'Fill in the shipping form online: your tracking code appears at once, and a receipt follows by e-mail.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/pickup time/)).toBeNull();
  });

  it('promises the delivery e-mail only while customers are notified', () => {
    const promise = 'We deliver to the door and e-mail you as soon as the package is marked delivered.';
    const { unmount } = renderPageForTest(<HowItWorks />, { path: '/services', content: { notifyCustomers: true } });
    expect(screen.getByText(promise)).toBeTruthy();
    unmount();
    renderPageForTest(<HowItWorks />, { path: '/services', content: { notifyCustomers: false } });
    expect(screen.queryByText(promise)).toBeNull();
    expect(
      screen.getByText('We deliver to the door, and the tracking page shows it delivered as soon as it is.'),
    ).toBeTruthy();
  });
});
