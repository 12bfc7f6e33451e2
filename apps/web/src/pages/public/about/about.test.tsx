import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { Component as AboutPage } from './index.tsx';

afterEach(() => vi.useRealTimers());

describe('About page', () => {
  it.each([
    ['2026-11-23T12:00:00Z', '16 years of deliveries, one parcel at a time.'],
    ['2031-03-01T12:00:00Z', '21 years of deliveries, one parcel at a time.'],
  ])('counts the years since 2010 on %s', (now, text) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
    renderWithApp(<AboutPage />, { path: '/about' });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText(/Fifteen years/)).toBeNull();
  });
});
