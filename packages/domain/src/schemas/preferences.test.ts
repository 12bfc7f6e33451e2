import { describe, expect, it } from 'vitest';
import { PACKAGE_STATUSES } from '../statuses.ts';
import { canChangePreferences, deliveryPreferencesInputSchema, safePlaceWords } from './preferences.ts';

describe('delivery preferences', () => {
  it('change until the package is out for delivery, and never once its journey is over', () => {
    const open = PACKAGE_STATUSES.filter(canChangePreferences);
    expect(open).toEqual([
      'Pending',
      'Order Placed',
      'Package in transit to sorting hub',
      'Package in sorting hub',
      'Processing',
      'Shipped',
    ]);
    // A custom status is a step of the journey before the door.
    expect(canChangePreferences('Held at customs')).toBe(true);
  });

  it('say each safe place as the driver reads it', () => {
    expect((['none', 'front_door', 'back_door', 'reception'] as const).map((kind) => safePlaceWords({ kind }))).toEqual(
      [null, 'Leave at the front door', 'Leave at the back door', 'Leave at reception'],
    );
    expect(safePlaceWords({ kind: 'neighbour', neighbourName: 'Mrs Adu', neighbourHouse: 'No. 14' })).toBe(
      'Leave with a neighbour: Mrs Adu, No. 14',
    );
  });

  it('default to no instructions, no safe place and the estimated day', () => {
    expect(deliveryPreferencesInputSchema.parse({})).toEqual({
      instructions: '',
      safePlace: { kind: 'none' },
      deliveryDay: null,
    });
  });
});
