import { describe, expect, it } from 'vitest';
import { computeVolume, DIMENSION_UNITS, formatDimensions, formatVolume } from './volume.ts';

describe('computeVolume', () => {
  it.each([
    [10, 10, 10, 1000],
    [1, 1, 1, 1],
    [12.5, 4, 3, 150],
    [2, 3, 4, 24],
  ])('multiplies %d × %d × %d into %d', (length, width, height, volume) => {
    expect(computeVolume(length, width, height)).toBe(volume);
  });

  it('does not depend on the order of the sides', () => {
    expect(computeVolume(2, 3, 5)).toBe(computeVolume(5, 2, 3));
  });
});

describe('formatVolume', () => {
  it('offers centimetres and inches only', () => {
    expect(DIMENSION_UNITS).toEqual(['cm', 'in']);
  });

  it.each([
    [10, 10, 10, 'cm', '1000.00 cm³'],
    [12.5, 4, 3, 'in', '150.00 in³'],
    [1, 1, 1, 'cm', '1.00 cm³'],
    [100000, 100000, 100000, 'cm', '1000000000000000.00 cm³'],
  ] as const)('shows %d × %d × %d %s as %s', (length, width, height, unit, shown) => {
    expect(formatVolume(length, width, height, unit)).toBe(shown);
  });

  it.each([
    // [length, width, height, shown]: products that need rounding to two decimals.
    [1.5, 2, 3.333, '10.00 cm³'], // 9.999 rounds up into the next unit
    [1.1, 1.1, 1.1, '1.33 cm³'], // 1.331 rounds down
    [1.005, 1, 1, '1.01 cm³'], // a half rounds up although 1.005 is stored as 1.00499…
    [2.675, 1, 1, '2.68 cm³'], // same with 2.675 (stored as 2.67499…)
    [0.125, 1, 1, '0.13 cm³'], // an exact binary half
    [0.1, 0.1, 0.1, '0.00 cm³'], // 0.001 is below a hundredth
    [1.2345, 2, 1, '2.47 cm³'], // 2.469
  ])('rounds %d × %d × %d to %s', (length, width, height, shown) => {
    expect(formatVolume(length, width, height, 'cm')).toBe(shown);
  });

  it('always shows exactly two decimals and the unit cubed', () => {
    expect(formatVolume(3, 7, 11, 'in')).toMatch(/^\d+\.\d{2} in³$/);
    expect(formatVolume(0.3, 0.7, 1.1, 'cm')).toMatch(/^\d+\.\d{2} cm³$/);
  });
});

describe('formatDimensions', () => {
  it('writes length × width × height and the unit, as typed', () => {
    expect(formatDimensions(30, 20, 10, 'cm')).toBe('30 × 20 × 10 cm');
    expect(formatDimensions(12.5, 4, 3, 'in')).toBe('12.5 × 4 × 3 in');
  });
});
