import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it.each([
    [0, '0 packages'],
    [1, '1 package'],
    [2, '2 packages'],
    [21, '21 packages'],
    [1.5, '1.5 packages'],
  ])('writes %d as %j', (n, text) => {
    expect(countOf(n, 'package', 'packages')).toBe(text);
  });

  it('takes irregular plurals as given', () => {
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });

  it('groups thousands', () => {
    expect(countOf(1200, 'label', 'labels')).toBe('1,200 labels');
  });
});
