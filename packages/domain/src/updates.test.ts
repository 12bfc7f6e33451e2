import { describe, expect, it } from 'vitest';
import { UPDATES_CLOSED_DELIVERED, UPDATES_CLOSED_REJECTED, updatesClosedReason } from './updates.ts';

describe('updatesClosedReason', () => {
  it('closes e-mail updates for a delivered or rejected package only', () => {
    expect(updatesClosedReason('Delivered')).toBe(UPDATES_CLOSED_DELIVERED);
    expect(updatesClosedReason('Rejected')).toBe(UPDATES_CLOSED_REJECTED);
    for (const status of ['Pending', 'Order Placed', 'Shipped', 'Out for Delivery', 'Held at customs']) {
      expect(updatesClosedReason(status), status).toBeUndefined();
    }
  });
});
