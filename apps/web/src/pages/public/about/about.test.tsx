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
});
