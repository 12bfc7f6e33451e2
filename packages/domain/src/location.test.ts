import { describe, expect, it } from 'vitest';
import { currentLocation, NO_LOCATION_TEXT } from './location.ts';

const at = (location: string, timestamp: string) => ({ location, timestamp });

describe('currentLocation', () => {
  it('says so when there are no updates', () => {
    expect(NO_LOCATION_TEXT).toBe('No location updates available');
    expect(currentLocation([])).toBe('No location updates available');
    expect(currentLocation(null)).toBe('No location updates available');
    expect(currentLocation(undefined)).toBe('No location updates available');
  });

  it('shows the only update', () => {
    expect(currentLocation([at('Lagos hub', '2024-05-01T10:00:00Z')])).toBe('Lagos hub');
  });

  const updates = [
    at('Lagos hub', '2024-05-01T10:00:00Z'),
    at('Abuja depot', '2024-05-03T08:30:00Z'),
    at('Kano office', '2024-05-02T23:59:59Z'),
  ];

  it.each([
    ['oldest first', updates],
    ['newest first', [updates[1]!, updates[2]!, updates[0]!]],
    ['newest last', [updates[0]!, updates[2]!, updates[1]!]],
  ])('picks the latest timestamp whatever the order (%s)', (_order, list) => {
    expect(currentLocation(list)).toBe('Abuja depot');
  });

  it('compares instants, not the text of timestamps in different offsets', () => {
    // 09:00 at +02:00 is 07:00 UTC, earlier than 08:00 UTC although its text sorts later.
    const list = [at('Nairobi', '2024-05-01T09:00:00+02:00'), at('London', '2024-05-01T08:00:00Z')];
    expect(currentLocation(list)).toBe('London');
  });

  it('tells apart updates milliseconds apart', () => {
    const list = [at('Second', '2024-05-01T10:00:00.002Z'), at('First', '2024-05-01T10:00:00.001Z')];
    expect(currentLocation(list)).toBe('Second');
  });

  it('takes the later entry of the list when two timestamps are equal', () => {
    const list = [at('Added first', '2024-05-01T10:00:00Z'), at('Added second', '2024-05-01T10:00:00.000Z')];
    expect(currentLocation(list)).toBe('Added second');
  });

  it('ignores updates whose timestamp is not a date', () => {
    const list = [
      at('Valid', '2024-05-01T10:00:00Z'),
      at('Garbage', 'not a date'),
      at('Empty', ''),
      at('Impossible', '2024-13-45T99:00:00Z'),
    ];
    expect(currentLocation(list)).toBe('Valid');
  });

  it('says there are no updates when no timestamp is a date', () => {
    expect(currentLocation([at('Garbage', 'soon'), at('Empty', '')])).toBe('No location updates available');
  });
});
