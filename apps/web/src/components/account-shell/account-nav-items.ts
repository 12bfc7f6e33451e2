import type { AccountRole } from '@waybill/domain';

/** Where the portal lives: the router's basename, and the address the server sends its page for. */
export const ACCOUNT_BASE = '/account';

export interface AccountNavItem {
  label: string;
  /** Relative to /account, as the router writes it. */
  to: string;
  /** The server refuses these to members who are not owners: they are not shown to them. */
  ownerOnly: boolean;
}

export interface AccountNavGroup {
  /** Names the group for screen readers and in the drawer. */
  label: string;
  items: readonly AccountNavItem[];
}

/**
 * The portal's screens in groups, each group its own place in the navigation: shipping (the account's
 * shipments, a new one), bringing shipments in from elsewhere (its own group, so its screens sit apart
 * from the everyday ones), and the account's settings.
 */
export const ACCOUNT_NAV_GROUPS: readonly AccountNavGroup[] = [
  {
    label: 'Shipping',
    items: [
      { label: 'Shipments', to: '/', ownerOnly: false },
      { label: 'Ship', to: '/ship', ownerOnly: false },
    ],
  },
  { label: 'Import', items: [{ label: 'Import', to: '/import', ownerOnly: false }] },
  {
    label: 'Settings',
    items: [
      { label: 'API keys', to: '/api-keys', ownerOnly: true },
      { label: 'Webhooks', to: '/webhooks', ownerOnly: true },
      { label: 'Team', to: '/team', ownerOnly: false },
    ],
  },
];

/** The groups as a member of `role` sees them: owner-only screens left out for members, empty groups too. */
export function navGroupsFor(role: AccountRole | undefined, groups = ACCOUNT_NAV_GROUPS): AccountNavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => !item.ownerOnly || role === 'owner') }))
    .filter((group) => group.items.length > 0);
}
