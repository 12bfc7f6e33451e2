import type { OperatorRole } from '@waybill/domain';

/** The console's screens, relative to its prefix (the router's basename); `adminOnly` ones only admins see. */
export const CONSOLE_NAV_ITEMS = [
  { label: 'Packages', to: '/', adminOnly: false },
  { label: 'Scan', to: '/scan', adminOnly: false },
  { label: 'Dispatch', to: '/dispatch', adminOnly: false },
  { label: 'Plan', to: '/plan', adminOnly: true },
  { label: 'Send Mail', to: '/contact', adminOnly: false },
  { label: 'Messages', to: '/messages', adminOnly: false },
  { label: 'Inbox', to: '/inbox', adminOnly: false },
  { label: 'Team', to: '/team', adminOnly: true },
  { label: 'Activity', to: '/activity', adminOnly: true },
  { label: 'Feedback', to: '/feedback', adminOnly: false },
] as const;

/** The screens an operator of `role` can use: the server refuses the admin ones to operators. */
export function navItemsFor(role: OperatorRole | undefined) {
  return CONSOLE_NAV_ITEMS.filter((item) => !item.adminOnly || role === 'admin');
}
