import { describe, expect, it } from 'vitest';
import { navItemsFor } from './console-nav-items.ts';

describe('navItemsFor', () => {
  it('shows admins every screen, Team, Plan and Activity included', () => {
    expect(navItemsFor('admin').map((item) => item.label)).toEqual([
      'Packages',
      'Scan',
      'Dispatch',
      'Plan',
      'Send Mail',
      'Messages',
      'Inbox',
      'Team',
      'Activity',
      'Feedback',
    ]);
  });

  it('leaves the screens the server refuses to operators out, and all of them while the role is unknown', () => {
    const operatorScreens = ['Packages', 'Scan', 'Dispatch', 'Send Mail', 'Messages', 'Inbox', 'Feedback'];
    expect(navItemsFor('operator').map((item) => item.label)).toEqual(operatorScreens);
    expect(navItemsFor(undefined).map((item) => item.label)).toEqual(operatorScreens);
  });
});
