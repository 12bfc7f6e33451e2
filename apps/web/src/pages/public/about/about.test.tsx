import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPageForTest } from '../../../../test/render-page-for-test.tsx';
import { Component as AboutPage } from './index.tsx';

describe('About page', () => {
  it.each([
    [2026, '16 years of deliveries, one parcel at a time.'],
    [2031, '21 years of deliveries, one parcel at a time.'],
  ])('counts the years since 2010 in %i', (year, text) => {
    renderPageForTest(<AboutPage />, { path: '/about', content: { year } });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText(/Fifteen years/)).toBeNull();
  });

  it('promises e-mails on acceptance, on the way and on delivery only while customers are notified', () => {
    const promise = 'Customers get an e-mail when their package is accepted, on its way and delivered.';
    const { unmount } = renderPageForTest(<AboutPage />, { path: '/about', content: { notifyCustomers: true } });
    expect(screen.getByText(promise)).toBeTruthy();
    unmount();
    renderPageForTest(<AboutPage />, { path: '/about', content: { notifyCustomers: false } });
    expect(screen.queryByText(promise)).toBeNull();
    expect(
      screen.getByText(
        'Anyone following a package can ask on its tracking page for an e-mail at every change of its status or location.',
      ),
    ).toBeTruthy();
  });
});
