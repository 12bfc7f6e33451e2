import { describe, expect, it } from 'vitest';
import { ACCOUNT_NAV_GROUPS, navGroupsFor } from './account-nav-items.ts';

const labels = (groups: ReturnType<typeof navGroupsFor>) =>
  groups.map((group) => [group.label, group.items.map((item) => item.label)]);

describe('navGroupsFor', () => {
  it('shows owners every screen, in groups', () => {
    expect(labels(navGroupsFor('owner'))).toEqual([
      ['Shipping', ['Shipments', 'Ship']],
      ['Settings', ['API keys', 'Webhooks', 'Team']],
    ]);
  });

  it('leaves the screens the server refuses to members out, and all of them while the role is unknown', () => {
    const memberView = [
      ['Shipping', ['Shipments', 'Ship']],
      ['Settings', ['Team']],
    ];
    expect(labels(navGroupsFor('member'))).toEqual(memberView);
    expect(labels(navGroupsFor(undefined))).toEqual(memberView);
  });

  it('shows a group of its own once it has a screen, between shipping and settings', () => {
    const groups = ACCOUNT_NAV_GROUPS.map((group) =>
      group.label === 'Import' ? { ...group, items: [{ label: 'Import', to: '/import', ownerOnly: false }] } : group,
    );
    expect(navGroupsFor('member', groups).map((group) => group.label)).toEqual(['Shipping', 'Import', 'Settings']);
  });
});
