import { describe, expect, it } from 'vitest';
import { canHaveLabel } from './labels.ts';
import { PACKAGE_STATUSES } from './statuses.ts';

describe('canHaveLabel', () => {
  it('refuses Pending and Rejected packages only', () => {
    expect(PACKAGE_STATUSES.filter((status) => !canHaveLabel(status))).toEqual(['Pending', 'Rejected']);
  });

  it('allows a custom status, which only an accepted or rejected package can reach', () => {
    expect(canHaveLabel('Held at customs')).toBe(true);
  });
});
