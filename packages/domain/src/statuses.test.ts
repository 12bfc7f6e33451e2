import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_STATUS,
  CUSTOM_STATUS_OPTION,
  isListedStatus,
  PACKAGE_STATUSES,
  PENDING_STATUS,
  REJECTED_STATUS,
  STATUS_COLORS,
  statusColor,
} from './statuses.ts';

// SPEC §4, in the order the console lists them; purple is Mantine's `grape`.
const SPEC_BADGES = [
  ['Pending', 'yellow'],
  ['Order Placed', 'blue'],
  ['Package in transit to sorting hub', 'teal'],
  ['Package in sorting hub', 'cyan'],
  ['Processing', 'grape'],
  ['Shipped', 'orange'],
  ['Out for Delivery', 'pink'],
  ['Delivered', 'green'],
  ['Rejected', 'red'],
] as const;

// Not in SPEC: after the admin's number of failed delivery attempts (docs/decisions/0043).
const ADDED_BADGES = [['Returning to sender', 'indigo']] as const;

describe('statuses', () => {
  it('lists the nine statuses of SPEC §4 in order, and Returning to sender before Rejected', () => {
    const spec = SPEC_BADGES.map(([status]) => status);
    expect(PACKAGE_STATUSES).toEqual([...spec.slice(0, 8), 'Returning to sender', 'Rejected']);
  });

  it.each([...SPEC_BADGES, ...ADDED_BADGES])('shows %s with a %s badge', (status, color) => {
    expect(statusColor(status)).toBe(color);
    expect(STATUS_COLORS[status]).toBe(color);
  });

  it('gives every listed status a colour of its own', () => {
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(PACKAGE_STATUSES.length);
    expect(Object.values(STATUS_COLORS)).not.toContain('gray');
  });

  it.each(['Held at customs', 'Custom Status', 'pending', ' Delivered', 'Delivered ', '', 'constructor'])(
    'shows the custom status %j in gray',
    (status) => {
      expect(statusColor(status)).toBe('gray');
    },
  );

  it.each(PACKAGE_STATUSES)('recognises %s as a listed status', (status) => {
    expect(isListedStatus(status)).toBe(true);
  });

  it.each(['Custom Status', 'delivered', 'DELIVERED', 'Delivered ', 'Package in transit', '', 'toString'])(
    'does not count %j as a listed status',
    (status) => {
      expect(isListedStatus(status)).toBe(false);
    },
  );

  it('keeps the Custom Status dropdown entry out of the listed statuses', () => {
    expect(CUSTOM_STATUS_OPTION).toBe('Custom Status');
    expect(isListedStatus(CUSTOM_STATUS_OPTION)).toBe(false);
  });

  it('starts a package at Pending, accepts to Order Placed and rejects to Rejected', () => {
    expect(PENDING_STATUS).toBe('Pending');
    expect(ACCEPTED_STATUS).toBe('Order Placed');
    expect(REJECTED_STATUS).toBe('Rejected');
  });
});
