import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('takes the singular for one and the plural for every other count', () => {
    expect(countOf(1, 'package', 'packages')).toBe('1 package');
    expect(countOf(2, 'package', 'packages')).toBe('2 packages');
    expect(countOf(0, 'package', 'packages')).toBe('0 packages');
    expect(countOf(1.5, 'package', 'packages')).toBe('1.5 packages');
  });

  it('groups the digits of a large count', () => {
    expect(countOf(1200, 'entry', 'entries')).toBe('1,200 entries');
  });
});
