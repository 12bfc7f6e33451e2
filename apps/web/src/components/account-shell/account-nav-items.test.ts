import { describe, expect, it } from 'vitest';
import { navGroupsFor } from './account-nav-items.ts';

const labels = (groups: ReturnType<typeof navGroupsFor>) =>
  groups.map((group) => [group.label, group.items.map((item) => item.label)]);

describe('navGroupsFor', () => {
  it('shows owners every screen, in groups', () => {
    expect(labels(navGroupsFor('owner'))).toEqual([
      ['Shipping', ['Shipments', 'Ship']],
      ['Import', ['Import']],
      ['Settings', ['API keys', 'Webhooks', 'Team']],
    ]);
  });

  it('leaves the screens the server refuses to members out, and all of them while the role is unknown', () => {
    const memberView = [
      ['Shipping', ['Shipments', 'Ship']],
      ['Import', ['Import']],
      ['Settings', ['Team']],
    ];
    expect(labels(navGroupsFor('member'))).toEqual(memberView);
    expect(labels(navGroupsFor(undefined))).toEqual(memberView);
  });

  it('leaves a group out when none of its screens is for the member', () => {
    const groups = [{ label: 'Owners', items: [{ label: 'Keys', to: '/keys', ownerOnly: true }] }];
    expect(navGroupsFor('member', groups)).toEqual([]);
    expect(labels(navGroupsFor('owner', groups))).toEqual([['Owners', ['Keys']]]);
  });
});
