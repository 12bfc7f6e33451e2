import { describe, expect, it } from 'vitest';
import { isUuid, orderedUuids } from './ids.ts';

describe('orderedUuids', () => {
  it('makes version 7 UUIDs that sort in the order made, past the 4,096 a millisecond holds', () => {
    const now = Date.parse('2026-11-25T17:00:00.000Z');
    const ids = orderedUuids(5_000, now);
    expect(ids.every(isUuid)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id[14] === '7' && '89ab'.includes(id[19]!))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    // The time comes first: the ids of a later millisecond sort after.
    expect(ids[0]!.replaceAll('-', '').slice(0, 12)).toBe(now.toString(16).padStart(12, '0'));
    expect(orderedUuids(1, now + 2)[0]! > ids.at(-1)!).toBe(true);
  });
});
