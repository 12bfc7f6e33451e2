import { describe, expect, it } from 'vitest';
import { showingText } from './list-summary.ts';

const list = (total: number, totalCapped = false) => ({ total, totalCapped, page: 1, nextPage: null });

describe('showingText', () => {
  it('writes one package in the singular and the rest in the plural', () => {
    expect(showingText(list(1), 1, 24, 'newest first')).toBe('Showing 1–1 of 1 package, newest first');
    expect(showingText(list(2), 2, 24, 'newest first')).toBe('Showing 1–2 of 2 packages, newest first');
    expect(showingText(list(1200), 24, 24, 'oldest first')).toBe('Showing 1–24 of 1,200 packages, oldest first');
  });

  it('says when a search counted no further than its cap', () => {
    expect(showingText(list(200, true), 24, 24, 'newest first')).toBe('Showing 1–24 of 200+ packages, newest first');
  });

  it('says nothing of an empty list', () => {
    expect(showingText(list(0), 0, 24, 'newest first')).toBe('');
  });
});
